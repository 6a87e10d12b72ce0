// What probing an engine found: the registry's answer, and an engine's own check's (engines/speech).
export interface EngineAvailability {
  available: boolean;
  /** First line the probe printed (the version), or why the engine is unavailable. */
  detail: string;
  /** What the pages say instead of the generic "not installed", in Chinese. */
  reason?: string;
}
