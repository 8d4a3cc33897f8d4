// The part of fontverter (CommonJS, no types of its own) that scripts/piece-font.ts uses.
declare module 'fontverter' {
  type Format = 'truetype' | 'sfnt' | 'woff' | 'woff2';
  const fontverter: {
    /** The format of `font`, from its first bytes (a Buffer: it reads them with Buffer's toString). */
    detectFormat(font: Buffer): Format;
    /** `font` converted to `to`. */
    convert(font: Buffer, to: Format, from?: Format): Promise<Buffer>;
  };
  export default fontverter;
}
