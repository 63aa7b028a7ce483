import { encode } from 'uqr';

/** A QR code of `value` as its size and one SVG path of its dark modules (crisp at any size, no inline styles). */
export function qrModules(value: string): { size: number; path: string } {
  const { data } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => row.forEach((dark, x) => dark && (path += `M${x} ${y}h1v1h-1z`)));
  return { size: data.length, path };
}

/** A camera reads a QR code as dark modules on a light quiet zone: fixed, whatever the theme. */
export const QR_COLOURS = { light: '#fff', dark: '#000' };

/** The same QR code as a standalone SVG document (for API callers that draw it themselves). */
export function qrSvg(value: string): string {
  const { size, path } = qrModules(value);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="${QR_COLOURS.light}"/><path d="${path}" fill="${QR_COLOURS.dark}"/></svg>`;
}
