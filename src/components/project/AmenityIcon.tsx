import type { Amenity } from '../../schema/project';

/**
 * Line drawings on a 24px grid, stroked in the text colour. Typed by the sheet's
 * icon names, so an icon added to the schema without a drawing fails to compile.
 */
const DRAWINGS: Record<Amenity['icon'], readonly string[]> = {
  lobby: [
    'M5 10V7a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v3',
    'M3 12a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v5H3z',
    'M5 17v2M19 17v2',
  ],
  store: [
    'M4 11v9h16v-9',
    'M3 10l1.5-6h15L21 10',
    'M3 10a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0',
    'M10 20v-5h4v5',
  ],
  elevator: [
    'M6 3h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z',
    'M9 10l3-3 3 3',
    'M9 14l3 3 3-3',
  ],
  landscape: ['M3 20l6-8 4 5 2.5-3L21 20z', 'M15 6a2 2 0 1 0 4 0 2 2 0 1 0-4 0'],
  parking: [
    'M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3z',
    'M10 17V7h3.5a3 3 0 0 1 0 6H10',
  ],
  gas: ['M12 21a6 6 0 0 0 6-6c0-4-3-6-4-10-2 2-3 4-3 6-1-1-1.5-2-1.5-3C7.5 10 6 12.5 6 15a6 6 0 0 0 6 6z'],
  power: ['M13 2L4 14h7l-1 8 9-12h-7l1-8z'],
  security: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M8.5 12l2.5 2.5 4.5-5'],
  seating: ['M4 6h16M4 9.5h16', 'M3 13h18', 'M5 13v6M19 13v6', 'M6 6v7M18 6v7'],
  pool: [
    'M9 15V6a2 2 0 0 1 2-2M15 15V6a2 2 0 0 1 2-2',
    'M9 8h6M9 12h6',
    'M2 19c1.7 0 2.3-1.5 4-1.5s2.3 1.5 4 1.5 2.3-1.5 4-1.5 2.3 1.5 4 1.5 2.3-1.5 4-1.5',
  ],
  water: ['M12 3c3.5 4.5 6 8 6 11a6 6 0 0 1-12 0c0-3 2.5-6.5 6-11z', 'M9 14a3 3 0 0 0 3 3'],
  fountain: [
    'M12 15V6',
    'M12 6c-1.5-2.5-5-2.5-6 1M12 6c1.5-2.5 5-2.5 6 1',
    'M4 15h16',
    'M6 15v2a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-2',
    'M12 19v2M9 21h6',
  ],
  amphitheatre: ['M3 18a9 9 0 0 1 18 0', 'M7 18a5 5 0 0 1 10 0', 'M2 18h20'],
  barbecue: [
    'M4 9h16a8 8 0 0 1-16 0z',
    'M7 15l-2 6M17 15l2 6M12 17v4',
    'M9 2c-1 1 1 2 0 4M12 2c-1 1 1 2 0 4M15 2c-1 1 1 2 0 4',
  ],
  beach: [
    'M3 11a9 8 0 0 1 18 0z',
    'M12 11v7',
    'M2 20c1.7 0 2.3-1.5 4-1.5s2.3 1.5 4 1.5 2.3-1.5 4-1.5 2.3 1.5 4 1.5 2.3-1.5 4-1.5',
  ],
  jogging: [
    'M13 4a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
    'M13.5 8L11 14',
    'M7 10.5l3-2.5h3.5l2 3 3 1',
    'M11 14l3 3v4',
    'M11 14l-2 3.5H5',
  ],
  kids: ['M3 21L7 4h10l4 17', 'M10 4v10M14 4v10', 'M9 14h6'],
  gym: ['M3 9v6M6 6v12M18 6v12M21 9v6', 'M6 12h12'],
  skate: [
    'M3 13h18',
    'M2 11c0 1 .5 2 2 2M22 11c0 1-.5 2-2 2',
    'M5 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0M15 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
  ],
  yoga: ['M10 5a2 2 0 1 0 4 0 2 2 0 1 0-4 0', 'M12 9v6', 'M6 14l3-3.5h6l3 3.5', 'M4 19h16', 'M7 19l5-4 5 4'],
  cctv: ['M3 8.5L15.5 4l2 5.5L5 14z', 'M17.5 9.5l3 1', 'M10 12v5H5M5 15v4'],
  atm: ['M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z', 'M3 10h18', 'M7 15h4'],
  valet: [
    'M5 17H3v-5l2-5h14l2 5v5h-2',
    'M9 17h6',
    'M5 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0M15 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
    'M3 12h18',
  ],
  accessible: [
    'M9 4a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0',
    'M10.5 7.5v5.5h5l2.5 5',
    'M10.5 10h4.5',
    'M7 11.5a5 5 0 1 0 7.5 6',
  ],
  escalator: [
    'M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3z',
    'M6 17h3l6-8h3',
    'M7 9l2-2 2 2',
  ],
  clubhouse: ['M3 11l9-7 9 7', 'M5 9.5V20h14V9.5', 'M10 20v-5h4v5'],
  wifi: ['M2 9a14.5 14.5 0 0 1 20 0', 'M5 12.5a10 10 0 0 1 14 0', 'M8.5 16a5 5 0 0 1 7 0', 'M12 19.5h.01'],
  cafe: [
    'M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z',
    'M16 10h1.5a2.5 2.5 0 0 1 0 5H16',
    'M8 3c-1 1 1 2 0 3.5M12 3c-1 1 1 2 0 3.5',
    'M3 21h14',
  ],
  sports: [
    'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0',
    'M12 8l3.5 2.5-1.3 4H9.8l-1.3-4z',
    'M12 8V3.5M15.5 10.5l4-1.5M14.2 14.5l2.3 3.5M9.8 14.5L7.5 18M8.5 10.5l-4-1.5',
  ],
  garden: ['M12 21v-9', 'M12 14c-4 0-6-2-6-6 4 0 6 2 6 6z', 'M12 11c0-4 2-6 6-6 0 4-2 6-6 6z', 'M7 21h10'],
  spa: [
    'M12 5c2 2 3 5 0 10-3-5-2-8 0-10z',
    'M12 18c-5 0-8-3-8-7 4 0 7 2 8 7z',
    'M12 18c5 0 8-3 8-7-4 0-7 2-8 7z',
    'M6 21h12',
  ],
  theatre: ['M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z', 'M14 7v2M14 11v2M14 15v2'],
};

interface AmenityIconProps {
  name: Amenity['icon'];
}

/** An amenity's pictogram; decorative, as the amenity's label always sits beside it. */
export function AmenityIcon({ name }: AmenityIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {DRAWINGS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
