/** A small seeded generator (mulberry32), so a demo study of a given size is the same every time. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** One of the keys, with the given weights. */
  const weighted = <K extends string | number>(weights: readonly (readonly [K, number])[]): K => {
    let roll = next() * weights.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of weights) if ((roll -= weight) < 0) return key;
    return weights[weights.length - 1]![0];
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16));
    hex[12] = '4';
    hex[16] = ((int(0, 15) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, weighted, uuid, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof seededRandom>;
