/**
 * Memory for the generic solver's layer values in the core (src/solve/generic.ts; issue 20): the
 * core's gsAlloc is a bump allocator that never frees, so the host keeps the blocks it took and hands
 * a block whose layer is no longer needed to a later layer.
 *
 * Policy (simple and deterministic, so that the estimate can run it without a core and report the
 * address space a solve will really take): a block is taken from the free blocks by best fit (the
 * smallest that holds it; the lowest address among equals), from its start; what is left of that
 * block stays free. A released block is merged with free neighbours of the same region (a region is
 * one gsAlloc block: regions are never merged, the core may have put other allocations between them).
 * When no free block holds a request, a new region of exactly its size is taken from the core.
 */
export class LayerPool {
  /** Free blocks, any order: address, bytes, and the region they belong to. */
  private readonly free: Array<{ at: number; bytes: number; region: number }> = [];
  /** Region of every block handed out (by address). */
  private readonly owner = new Map<number, { bytes: number; region: number }>();
  private regions = 0;
  /** Bytes taken from the core (the sum of the regions): the address space the values occupy. */
  regionBytes = 0;
  /** Bytes handed out now, and the most at once. */
  liveBytes = 0;
  peakLiveBytes = 0;

  /**
   * `grow(bytes)`: a fresh block of the core of `bytes` bytes, its address (> 0), or 0 when the core has
   * no more memory. Without it the pool simulates one (addresses of its own, never adjacent), as the
   * estimate does.
   */
  constructor(private readonly grow?: (bytes: number) => number) {}

  /** Region policy (setRegions): the least bytes of a new region, and the bytes the regions may take together. */
  private minRegion = 0;
  private regionLimit = Infinity;

  /**
   * From now on a new region takes at least `minRegion` bytes where the regions stay within `limit`
   * bytes together (else what is left of `limit`, or just the request): blocks of about one size,
   * which later requests up to that size reuse whatever was freed (a solve that drops and reads back
   * layers: src/solve/generic.ts groupedPlan). Default: a region is the request's size.
   */
  setRegions(minRegion: number, limit: number): void {
    this.minRegion = minRegion;
    this.regionLimit = limit;
  }

  private fakeTop = 16;

  /**
   * A block of `bytes` bytes (a positive multiple of 4), its address; 0 when the core could not give a
   * new region (its memory is exhausted; nothing is changed then).
   */
  alloc(bytes: number): number {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const f = this.free[i]!;
      if (
        f.bytes >= bytes &&
        (best < 0 ||
          f.bytes < this.free[best]!.bytes ||
          (f.bytes === this.free[best]!.bytes && f.at < this.free[best]!.at))
      )
        best = i;
    }
    let at: number, region: number;
    if (best >= 0) {
      const f = this.free[best]!;
      at = f.at;
      region = f.region;
      if (f.bytes === bytes) this.free.splice(best, 1);
      else {
        f.at += bytes;
        f.bytes -= bytes;
      }
    } else {
      // the region: the request, or more under the region policy (setRegions)
      let size = bytes;
      if (this.minRegion > bytes) size = Math.max(bytes, Math.min(this.minRegion, this.regionLimit - this.regionBytes));
      if (this.grow) {
        at = this.grow(size);
        if (at === 0) return 0;
      } else {
        at = this.fakeTop;
        this.fakeTop += size + 16;
      }
      region = this.regions++;
      this.regionBytes += size;
      if (size > bytes) this.free.push({ at: at + bytes, bytes: size - bytes, region });
    }
    this.owner.set(at, { bytes, region });
    this.liveBytes += bytes;
    this.peakLiveBytes = Math.max(this.peakLiveBytes, this.liveBytes);
    return at;
  }

  /**
   * True when alloc(bytes) would take no new region, or one that keeps the regions within `limit` bytes
   * (the address space the values may take). Changes nothing.
   */
  fits(bytes: number, limit: number): boolean {
    return this.free.some((f) => f.bytes >= bytes) || this.regionBytes + bytes <= limit;
  }

  /**
   * A simulation of this pool as it stands (the same free blocks, blocks handed out and regions; new
   * regions at addresses of its own above every address here): what a sequence of alloc and release
   * would do, run without touching the core.
   */
  clone(): LayerPool {
    const c = new LayerPool();
    for (const f of this.free) c.free.push({ ...f });
    for (const [at, o] of this.owner) c.owner.set(at, { ...o });
    c.minRegion = this.minRegion;
    c.regionLimit = this.regionLimit;
    c.regions = this.regions;
    c.regionBytes = this.regionBytes;
    c.liveBytes = this.liveBytes;
    c.peakLiveBytes = this.peakLiveBytes;
    let top = this.fakeTop;
    for (const f of this.free) top = Math.max(top, f.at + f.bytes + 16);
    for (const [at, o] of this.owner) top = Math.max(top, at + o.bytes + 16);
    c.fakeTop = top;
    return c;
  }

  /** Gives back the block at `at` (from alloc). Throws RangeError for an address alloc did not give. */
  release(at: number): void {
    const o = this.owner.get(at);
    if (!o) throw new RangeError(`the layer pool holds no block at ${at}`);
    this.owner.delete(at);
    this.liveBytes -= o.bytes;
    let block = { at, bytes: o.bytes, region: o.region };
    for (let i = this.free.length - 1; i >= 0; i--) {
      const f = this.free[i]!;
      if (f.region !== block.region) continue;
      if (f.at + f.bytes === block.at) {
        block = { at: f.at, bytes: f.bytes + block.bytes, region: block.region };
        this.free.splice(i, 1);
      } else if (block.at + block.bytes === f.at) {
        block = { at: block.at, bytes: block.bytes + f.bytes, region: block.region };
        this.free.splice(i, 1);
      }
    }
    this.free.push(block);
  }
}
