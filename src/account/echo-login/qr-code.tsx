import { encode } from 'uqr';

/** A QR code as one SVG path of dark modules: crisp at any size, no inline styles. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { data } = encode(value, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x} ${y}h1v1h-1z`)));
  return (
    <svg part="qr" className="qr" viewBox={`0 0 ${data.length} ${data.length}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={data.length} height={data.length} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
