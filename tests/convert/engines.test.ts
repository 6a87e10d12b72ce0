// The engine layer: tree-killing timeouts, aborts, output caps, concurrency caps and probes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConvertError } from '../../server/convert/errors';
import { engineAvailability, ProcessOutputTooLargeError, ProcessTimeoutError, runEngine, runProcess, TIMEOUT_MESSAGE } from '../../server/convert/engines';
import { progressLines } from '../../server/convert/engines/ffmpeg-progress';
import { Semaphore } from '../../server/convert/engines/semaphore';

/** Processes whose command line contains `marker` (a sleep length no one else uses). */
function processesWith(marker: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

/** Waits (bounded) until no process carries `marker`, and says which still do. */
async function processesLeft(marker: string): Promise<string[]> {
  for (let i = 0; i < 250 && processesWith(marker).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return processesWith(marker);
}

describe('runProcess', () => {
  it('kills the whole process tree on timeout', async () => {
    const marker = '100.4321';
    const started = runProcess('sh', ['-c', `sleep ${marker} & sleep ${marker}`], { timeoutMs: 300 });
    await expect(started).rejects.toBeInstanceOf(ProcessTimeoutError);
    expect(await processesLeft(`sleep ${marker}`)).toEqual([]);
  });

  it('kills the tree when the signal aborts', async () => {
    const marker = '100.4322';
    const controller = new AbortController();
    // Aborted once both sleeps run (the line is printed after they started), not after a guessed delay.
    const started = runProcess('sh', ['-c', `sleep ${marker} & echo running; sleep ${marker}`], {
      timeoutMs: 60_000,
      signal: controller.signal,
      onStdoutLine: () => controller.abort(new Error('cancelled')),
    });
    await expect(started).rejects.toThrow('cancelled');
    expect(await processesLeft(`sleep ${marker}`)).toEqual([]);
  });

  it('ends children a finished leader left behind', async () => {
    const marker = '100.4323';
    const result = await runProcess('sh', ['-c', `sleep ${marker} >/dev/null 2>&1 & echo started`], { timeoutMs: 10_000 });
    expect(result.stdout.toString()).toBe('started\n');
    expect(await processesLeft(`sleep ${marker}`)).toEqual([]);
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

describe('runProcess onStdoutLine', () => {
  it('hands over each line while the program still runs, and collects nothing', async () => {
    // The program prints its next line only once the handler has seen the previous one (a gate
    // file), so it finishes only if lines are handed over as they come, not when it exits.
    const gates = fs.mkdtempSync(path.join(os.tmpdir(), 'lines-'));
    const lines: string[] = [];
    const wait = (gate: string) => `while [ ! -e ${gates}/${gate} ]; do sleep 0.02; done`;
    const result = await runProcess('sh', ['-c', `echo one; ${wait('one')}; echo two; ${wait('two')}; printf three`], {
      timeoutMs: 10_000,
      onStdoutLine: (line) => {
        lines.push(line);
        fs.writeFileSync(path.join(gates, line), '');
      },
    });
    fs.rmSync(gates, { recursive: true, force: true });
    expect(lines).toEqual(['one', 'two', 'three']);
    expect(result.stdout.length).toBe(0);
    expect(result.exitCode).toBe(0);
  });

  it('joins lines that arrive split across writes, a UTF-8 character included', async () => {
    const lines: string[] = [];
    // 中 is \344\270\255: its bytes come in two writes.
    const script = String.raw`printf 'ab'; sleep 0.2; printf 'c\nd'; sleep 0.2; printf 'e\r\n\n\344\270'; sleep 0.2; printf '\255x\nlast'`;
    await runProcess('sh', ['-c', script], { timeoutMs: 10_000, onStdoutLine: (line) => lines.push(line) });
    expect(lines).toEqual(['abc', 'de', '', '中x', 'last']);
  });

  it('is not stopped by long output in lines, only by one runaway line', async () => {
    let count = 0;
    const many = await runProcess('sh', ['-c', "head -c 200000 /dev/zero | tr '\\0' '\\n'"], {
      timeoutMs: 10_000,
      maxOutputBytes: 1000,
      onStdoutLine: () => count++,
    });
    expect(many.exitCode).toBe(0);
    expect(count).toBe(200_000);
    const runaway = runProcess('head', ['-c', '100000', '/dev/zero'], { timeoutMs: 10_000, maxOutputBytes: 1000, onStdoutLine: () => {} });
    await expect(runaway).rejects.toBeInstanceOf(ProcessOutputTooLargeError);
  });

  it('rejects with the error a handler throws and ends the program', async () => {
    const marker = '100.4324';
    const started = runProcess('sh', ['-c', `echo bad; sleep ${marker}`], {
      timeoutMs: 60_000,
      onStdoutLine: (line) => {
        throw new Error(`cannot read ${line}`);
      },
    });
    await expect(started).rejects.toThrow('cannot read bad');
    expect(await processesLeft(`sleep ${marker}`)).toEqual([]);
  });
});

describe('progressLines', () => {
  it('reports once per ffmpeg -progress block, never backwards, and 1 at the end', () => {
    const reports: number[] = [];
    let duration = 0;
    const read = progressLines(() => duration, (f) => reports.push(f));
    const block = (outTime: string, state = 'continue') => [`frame=1`, `out_time_us=${outTime}`, `out_time_ms=${outTime}`, `progress=${state}`].forEach(read);
    block('N/A');
    block('-23220');
    block('1000000'); // the duration is not known yet: nothing to report
    duration = 10;
    block('2500000');
    block('2500000');
    block('7500000');
    block('6000000');
    block('9960000', 'end');
    expect(reports).toEqual([0.25, 0.75, 1]);
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
