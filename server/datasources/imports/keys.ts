/**
 * The keys an import has staged, in fixed memory: a Bloom filter (16 MB) answers "new" for almost
 * every new key, and "maybe seen" for a key seen before and, rarely, for a new one, which the
 * caller then checks against the staging table. A Set of every key held 45-75 MB per million rows.
 */
export class KeyFilter {
  private readonly bits: Uint32Array;
  private readonly mask: number;

  constructor(log2Bits = 27) {
    this.bits = new Uint32Array(2 ** (log2Bits - 5));
    this.mask = 2 ** log2Bits - 1;
  }

  /** Adds `key`; true when it may have been added before. */
  add(key: string): boolean {
    // Two 32-bit FNV-1a hashes (of different seeds), combined into four positions.
    let a = 0x811c9dc5;
    let b = 0x01000193 ^ key.length;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    let seen = true;
    for (let k = 0; k < 4; k++) {
      const bit = (a + Math.imul(k, b | 1)) & this.mask;
      const word = bit >>> 5;
      const flag = 1 << (bit & 31);
      if (!(this.bits[word] & flag)) {
        seen = false;
        this.bits[word] |= flag;
      }
    }
    return seen;
  }
}
