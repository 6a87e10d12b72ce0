// /task/pdf-scan/analysis through the whole site: upload a PDF carrying an attachment and a web
// link to pdf-scan, wait for the task, then read the report the /Scan/ page shows.
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import request from 'supertest';
import { createTestSite } from '../support/site';

type Site = Awaited<ReturnType<typeof createTestSite>>;
let site: Site;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

async function riskyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  await doc.attach(Buffer.from('附件内容'), 'notes.txt', { mimeType: 'text/plain' });
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [10, 10, 100, 30],
    A: { S: 'URI', URI: PDFString.of('https://example.com/login') },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return Buffer.from(await doc.save());
}

async function finishedTask(agent: request.Agent, file: Buffer, taskName: string): Promise<string> {
  const submit = await agent.post('/task/submitTask').field('taskName', taskName).attach('file', file, '样本.pdf');
  expect(submit.body.ret).toBe(0);
  const { taskId } = submit.body.data;
  for (;;) {
    const query = await agent.post('/task/taskQuery').send({ taskId });
    if (query.body.data.status === 'done') return taskId;
    expect(['queued', 'running']).toContain(query.body.data.status);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('POST /task/pdf-scan/analysis', () => {
  it('answers the report of a finished scan with its download links', async () => {
    const agent = request.agent(site.app);
    const taskId = await finishedTask(agent, await riskyPdf(), 'pdf-scan');
    const res = await agent.post('/task/pdf-scan/analysis').send({ taskId });
    expect(res.status).toBe(200);
    const { report, files } = res.body.data;
    expect(report.riskLevel).toBe('中');
    const kinds = report.findings.map((f: { kind: string }) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['embeddedFile', 'uri']));
    expect(report.findings.find((f: { kind: string }) => f.kind === 'uri').details).toContain('https://example.com/login');
    expect(files.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining([expect.stringMatching(/净化版\.pdf$/)]));
  });

  it('refuses another visitor, and a task of another tool', async () => {
    const owner = request.agent(site.app);
    const taskId = await finishedTask(owner, await riskyPdf(), 'pdf-scan');
    const stranger = await request(site.app).post('/task/pdf-scan/analysis').send({ taskId });
    expect(stranger.status).toBe(404);
    expect(stranger.body.msg).toBe('任务不存在或已过期');
    const rotated = await finishedTask(owner, await riskyPdf(), 'pdf-rotate');
    const wrongTool = await owner.post('/task/pdf-scan/analysis').send({ taskId: rotated });
    expect(wrongTool.status).toBe(400);
    expect(wrongTool.body.msg).toBe('该任务不是PDF安全检测任务');
  });
});
