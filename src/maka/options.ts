import { OptionError } from '../contract/errors.js';

/** The variant id of Maka Dai Dai Shogi. */
export const MAKA_ID = 'maka-dai-dai';
/** Label kinds of its pieces on boards: kanji (default) or piece codes. */
export const MAKA_LABELS = ['kanji', 'codes'] as const;

/** Rule options of Maka Dai Dai Shogi (rules file, each option's section). Defaults from the seed. */
export interface MakaOptions {
  /** Lion Dog move: the rules' path list (default), TSA 3-range slider, or a leap 1..3 along 8 lines. */
  lionDog: 'default' | 'slider' | 'leaper';
  /** Promotion by capture: optional unless a promoted piece is captured (default), or compulsory. */
  promotion: 'default' | 'always';
  /** Deva / Dark Spirit conversions. */
  conversion: boolean;
  /** Emperor move restriction: seed (default), jawiki/TSA, or QBoard's reading. */
  emperor: 'default' | 'jawiki' | 'free';
  /** Piece table: default, or the 象棋六種之図式 footnotes. */
  pieces: 'default' | 'rokushu';
  /** Fourfold repetition is a draw (draw4, default) or ignored. Perft always ignores it. */
  repetition: 'none' | 'draw4';
}

export const DEFAULT_OPTIONS: Readonly<MakaOptions> = {
  lionDog: 'default',
  promotion: 'default',
  conversion: true,
  emperor: 'default',
  pieces: 'default',
  repetition: 'draw4',
};

/** Option declarations: the text key, the field, allowed values (first = default). */
export const OPTION_DECLS: readonly { key: string; field: keyof MakaOptions; values: readonly string[] }[] = [
  { key: 'lion-dog', field: 'lionDog', values: ['default', 'slider', 'leaper'] },
  { key: 'promotion', field: 'promotion', values: ['default', 'always'] },
  { key: 'conversion', field: 'conversion', values: ['true', 'false'] },
  { key: 'emperor', field: 'emperor', values: ['default', 'jawiki', 'free'] },
  { key: 'pieces', field: 'pieces', values: ['default', 'rokushu'] },
  { key: 'repetition', field: 'repetition', values: ['draw4', 'none'] },
];

/** Validates `key=value` options (keys as in the rules file) into MakaOptions; throws OptionError. */
export function resolveMakaOptions(given: Record<string, string | number | boolean> | undefined): MakaOptions {
  const out: MakaOptions = { ...DEFAULT_OPTIONS };
  if (given === undefined) return out;
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new OptionError(`options must be an object, got ${String(given)}`);
  for (const key of Object.keys(given)) {
    const decl = OPTION_DECLS.find((d) => d.key === key);
    if (!decl)
      throw new OptionError(
        `unknown option "${key}" for maka-dai-dai (known: ${OPTION_DECLS.map((d) => d.key).join(', ')})`,
      );
    const raw = given[key];
    const value = typeof raw === 'boolean' ? String(raw) : raw;
    if (typeof value !== 'string' || !decl.values.includes(value)) {
      throw new OptionError(`option ${key}: expected one of ${decl.values.join('|')}, got ${JSON.stringify(raw)}`);
    }
    (out as unknown as Record<string, unknown>)[decl.field] = decl.field === 'conversion' ? value === 'true' : value;
  }
  return out;
}
