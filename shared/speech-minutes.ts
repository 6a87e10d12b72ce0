// Speech-to-text time (SPEC §3 packs, §9; issue 13): the speech tools charge the audio's minutes,
// rounded up, to what a logged-in user holds (a membership's 200 minutes a month, voice/video
// packs). The SPEC shows no free allowance for them; ours: without minutes, a day's free use
// transcribes up to 5 minutes of audio, longer recordings need minutes. Who holds minutes always
// pays with them (a member's free uses are unlimited, so minutes are what a member spends).

export const SPEECH_TOOLS: ReadonlySet<string> = new Set(['voice-to-word', 'voice-translation']);

/** The longest recording a free use transcribes. */
export const FREE_SPEECH_SECONDS = 5 * 60;

/** The minutes a recording of `seconds` costs: whole minutes, rounded up, at least 1. */
export function speechMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
