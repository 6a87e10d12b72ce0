// Which file store this process uses: the S3-compatible bucket when S3_BUCKET is set (every web and
// worker process then sees the same files), else DATA_DIR/files on this machine.
import path from 'node:path';
import type { Config } from '../config';
import { LocalFileStore, type FileStore } from '../tasks/store';
import { S3FileStore } from './s3-store';

export function openFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(path.join(config.dataDir, 'files'));
}
