import { useSyncExternalStore } from 'react';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';

// §3 `message_sound_enabled`: sounds are on until the user mutes them.
const listeners = new Set<() => void>();

function isEnabled(): boolean {
  return readString(STORAGE_KEYS.messageSoundEnabled) !== 'false';
}

export function setMessageSoundsEnabled(enabled: boolean): void {
  writeString(STORAGE_KEYS.messageSoundEnabled, String(enabled));
  for (const listener of listeners) listener();
}

export function useMessageSoundsEnabled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isEnabled,
    isEnabled,
  );
}

/** A short two-note chime made on the spot: no audio file to download. */
export function playMessageSound(): void {
  if (!isEnabled() || typeof AudioContext === 'undefined') return;
  try {
    const context = new AudioContext();
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const start = context.currentTime + index * 0.12;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.25);
    });
    window.setTimeout(() => void context.close(), 800);
  } catch {
    // Audio may be blocked until the user interacts with the page; the badge still shows.
  }
}
