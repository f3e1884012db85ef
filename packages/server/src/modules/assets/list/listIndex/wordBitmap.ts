/** A growable set of slot numbers as 32-bit words: slot `n` is bit `n % 32` of word `n >> 5`. */
export class WordBitmap {
  words = new Uint32Array(64);

  set(slot: number): void {
    const word = slot >>> 5;
    if (word >= this.words.length) this.grow(word);
    this.words[word] = (this.words[word] ?? 0) | (1 << (slot & 31));
  }

  clear(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word] = (this.words[word] ?? 0) & ~(1 << (slot & 31));
  }

  private grow(word: number): void {
    let length = this.words.length;
    while (length <= word) length *= 2;
    const grown = new Uint32Array(length);
    grown.set(this.words);
    this.words = grown;
  }
}
