/** Small media made in code, for the demo content and tests: no binary files in the repository. */

/** A mono 16-bit PCM WAV of a sine tone. */
export function toneWav(input: { seconds: number; frequency: number; sampleRate?: number }): Buffer {
  const sampleRate = input.sampleRate ?? 8000;
  const samples = Math.round(input.seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    // A short fade in and out keeps the tone from clicking.
    const fade = Math.min(1, index / 400, (samples - index) / 400);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * input.frequency * index) / sampleRate) * 12_000 * fade), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** An MP3 of silent frames (MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: 417 bytes and 1152 samples a frame). */
export function silentMp3(seconds: number): Buffer {
  const frames = Math.ceil((seconds * 44_100) / 1152);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}
