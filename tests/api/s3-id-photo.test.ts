// The ID photo with its files in an S3-compatible bucket (s3rver on loopback): the preview step's
// person mask is kept beside the upload in the bucket, and the final run composes from that kept
// mask rather than segmenting again (in its own file: the segmentation takes most of a minute on a
// busy machine). To see which mask the final run used, the test swaps the kept one for a mask that
// keeps nothing: a photo made from it is the background colour alone, one made from a fresh
// segmentation shows the person.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { idPhotoColor } from '../../shared/id-photo';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { PORTRAIT } from '../support/portrait';
import { startLocalS3, type LocalS3 } from '../support/s3-server';
import { TaskClient } from '../support/task-client';

let s3: LocalS3;
let site: BuiltServer;
let scratch: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  site = await startBuiltServer({ env: s3.env });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 's3-id-photo-'));
});

afterAll(async () => {
  await site?.stop();
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A grey+alpha mask of the kept one's size: the whole picture is the subject's region (framing), none of it is kept (alpha 0). */
async function maskKeepingNothing(kept: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(kept).metadata();
  const pixels = Buffer.alloc(width! * height! * 2);
  for (let i = 0; i < width! * height!; i++) pixels[2 * i] = 255;
  return sharp(pixels, { raw: { width: width!, height: height!, channels: 2 } }).png().toBuffer();
}

test('the preview keeps the person mask beside the upload in the bucket, and the final run composes from it', async () => {
  const visitor = new TaskClient(site.origin);
  const staged = await visitor.submit('img-background-color', [{ name: 'portrait.jpg', data: PORTRAIT }], undefined, '/task/submitMiddleTask');
  expect(staged.status).toBe(200);
  const taskId = staged.body.data!.taskId;
  expect(await visitor.settle(taskId)).toMatchObject({ status: 'done' });
  const maskKey = `${taskId}/in/0.jpg.mask.png`;
  expect(await s3.keys(`${taskId}/in/`)).toEqual([`${taskId}/in/0.jpg`, maskKey]);

  await s3.write(maskKey, await maskKeepingNothing(await s3.read(maskKey)));
  const final = await visitor.call('POST', '/task/submitResult', { taskId, options: { size: '1', color: 'red' } });
  expect(final.status).toBe(200);
  const state = await visitor.settle(taskId);
  expect(state).toMatchObject({ status: 'done' });
  const photo = await visitor.download(state.files[0].url, scratch, 'photo.jpg');
  const { channels } = await sharp(photo).stats();
  const red = idPhotoColor('red').rgba;
  expect(channels.slice(0, 3).map((c) => Math.round(c.mean))).toEqual([expect.closeTo(red.r, -1), expect.closeTo(red.g, -1), expect.closeTo(red.b, -1)]);
  for (const channel of channels.slice(0, 3)) expect(channel.stdev).toBeLessThan(3);
  expect(fs.readdirSync(path.join(site.dataDir, 'work'))).toEqual([]);
});
