// The engine layer: external programs behind a concurrency cap, a tree-killing timeout and a probe.
export { runProcess, ProcessTimeoutError, ProcessOutputTooLargeError, type ProcessOptions, type ProcessResult } from './process';
export { ENGINES, probeEngine, engineAvailability, type EngineId, type EngineProgram, type EngineAvailability } from './registry';
export { runEngine, EngineFailedError, TIMEOUT_MESSAGE, type EngineRunOptions } from './run';
