import { QR_COLOURS, qrModules } from '../../lib/qr-svg';

/** A QR code as one SVG path of dark modules: crisp at any size, no inline styles. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = qrModules(value);
  return (
    <svg part="qr" className="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill={QR_COLOURS.light} />
      <path d={path} fill={QR_COLOURS.dark} />
    </svg>
  );
}
