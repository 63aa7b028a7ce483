/** The four driver icons of the demo feedback card (spec part 3: money, shopping-cart, headphones, info-circle), drawn inline. */
export const DRIVER_CAPTIONS = ['Price', 'Availability', 'Service', 'Information'] as const;
export type DriverCaption = (typeof DRIVER_CAPTIONS)[number];

const PATHS: Record<DriverCaption, string> = {
  // money: a banknote with its coin
  Price: 'M2 6h20v12H2z M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
  // shopping-cart: basket, handle and wheels
  Availability: 'M1 3h4l3 11h11l3-8H7 M10 19a1.5 1.5 0 1 0 0.01 0 M18 19a1.5 1.5 0 1 0 0.01 0',
  // headphones: band and ear cups
  Service: 'M4 15v-3a8 8 0 0 1 16 0v3 M3 15h4v6H3z M17 15h4v6h-4z',
  // info-circle
  Information: 'M12 2a10 10 0 1 0 0.01 0 M12 10v7 M12 6.5v1',
};

export function DriverIcon({ caption }: { caption: DriverCaption }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={PATHS[caption]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
