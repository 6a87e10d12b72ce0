// The engine layer: tree-killing timeouts, aborts, output caps, concurrency caps and probes.
import { execFileSync } from 'node:child_process';
import { ConvertError } from '../../server/convert/errors';
import { engineAvailability, ProcessOutputTooLargeError, ProcessTimeoutError, runEngine, runProcess, TIMEOUT_MESSAGE } from '../../server/convert/engines';
import { Semaphore } from '../../server/convert/engines/semaphore';

/** Processes whose command line contains `marker` (a sleep length no one else uses). */
function processesWith(marker: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('runProcess', () => {
  it('kills the whole process tree on timeout', async () => {
    const marker = '100.4321';
    const started = runProcess('sh', ['-c', `sleep ${marker} & sleep ${marker}`], { timeoutMs: 300 });
    await expect(started).rejects.toBeInstanceOf(ProcessTimeoutError);
    await settle();
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
  });

  it('kills the tree when the signal aborts', async () => {
    const marker = '100.4322';
    const controller = new AbortController();
    const started = runProcess('sh', ['-c', `sleep ${marker} & sleep ${marker}`], { timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 200);
    await expect(started).rejects.toThrow('cancelled');
    await settle();
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
  });

  it('ends children a finished leader left behind', async () => {
    const marker = '100.4323';
    const result = await runProcess('sh', ['-c', `sleep ${marker} >/dev/null 2>&1 & echo started`], { timeoutMs: 10_000 });
    expect(result.stdout.toString()).toBe('started\n');
    await settle();
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
  });

  it('returns the exit code and stderr, and caps stdout', async () => {
    const failed = await runProcess('sh', ['-c', 'echo reason >&2; exit 3'], { timeoutMs: 10_000 });
    expect(failed).toMatchObject({ exitCode: 3, stderr: 'reason\n' });
    await expect(runProcess('head', ['-c', '100000', '/dev/zero'], { timeoutMs: 10_000, maxOutputBytes: 1000 })).rejects.toBeInstanceOf(
      ProcessOutputTooLargeError,
    );
  });

  it('passes arguments without a shell', async () => {
    const { stdout } = await runProcess('printf', ['%s', '$(id) ; *'], { timeoutMs: 10_000 });
    expect(stdout.toString()).toBe('$(id) ; *');
  });
});

describe('runEngine', () => {
  it('turns an engine timeout into the Chinese timeout message', async () => {
    const looping = runEngine('gs', ['-q', '-dNODISPLAY', '-dSAFER', '-dBATCH', '-c', '{} loop'], { timeoutMs: 300 });
    await expect(looping).rejects.toBeInstanceOf(ConvertError);
    await expect(looping).rejects.toThrow(TIMEOUT_MESSAGE);
  });

  it('reports an unexpected exit code with stderr', async () => {
    await expect(runEngine('qpdf', ['/nonexistent.pdf', '/tmp/x.pdf'])).rejects.toThrow(/qpdf exited 2: .*nonexistent/);
  });

  it('finds every engine scripts/setup installs', async () => {
    const engines = await engineAvailability();
    // The speech model is the operator's to configure (SPEECH_MODEL_DIR); tests/convert/speech covers it.
    const installed = Object.entries(engines).filter(([id]) => id !== 'speech-model');
    for (const [id, { available, detail }] of installed) expect({ id, available, detail }).toMatchObject({ id, available: true });
  });
});

describe('Semaphore', () => {
  it('never lets more than its limit run, and hands slots on in order', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (n) => {
        const release = await semaphore.acquire();
        running++;
        peak = Math.max(peak, running);
        order.push(n);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        release();
      }),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives up waiting when aborted', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    release();
    const again = await semaphore.acquire();
    again();
  });
});
