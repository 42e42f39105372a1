/**
 * What a scan feels like without looking at the screen: a high short beep and one buzz when it
 * counted, a low long one and a double buzz when it was refused, a middle one for a warning.
 */
export type Outcome = 'ok' | 'warn' | 'error';

const TONES: Record<Outcome, { hz: number; seconds: number; vibrate: number[] }> = {
  ok: { hz: 1320, seconds: 0.09, vibrate: [40] },
  warn: { hz: 660, seconds: 0.2, vibrate: [80, 60, 80] },
  error: { hz: 220, seconds: 0.35, vibrate: [200, 80, 200] },
};

let audio: AudioContext | undefined;

export function signal(outcome: Outcome) {
  const tone = TONES[outcome];
  navigator.vibrate?.(tone.vibrate);
  try {
    // Made on the first scan, which follows a user gesture (a tap or a key): browsers allow sound then.
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = tone.hz;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + tone.seconds);
  } catch {
    // No audio device (a kiosk without sound): the screen and the vibration still tell.
  }
}
