// The village at the edge of the forest, drawn along the bottom of the full-screen moments: dark
// against the night sky, warm against the morning. Decoration only.

const TREES: [x: number, h: number][] = [
  [40, 70], [80, 95], [120, 60], [1180, 90], [1225, 65], [1270, 110], [1320, 75], [1370, 95], [1410, 60],
];
const HOUSES: [x: number, w: number, h: number][] = [
  [520, 70, 46], [600, 54, 36], [780, 84, 52], [880, 60, 40],
];

const tree = ([x, h]: [number, number]) => `M${x} 160l${h * 0.28} -${h}l${h * 0.28} ${h}z`;
const house = ([x, w, h]: [number, number, number]) => `M${x} 160v-${h}l${w / 2} -${w * 0.42}l${w / 2} ${w * 0.42}v${h}z`;

export function Skyline({ className }: { className?: string }) {
  const d = ["M0 200V150Q180 118 360 140T720 134T1080 146T1440 128V200z", ...TREES.map(tree), ...HOUSES.map(house)].join("");
  return (
    <svg aria-hidden="true" className={className} viewBox="0 0 1440 200" preserveAspectRatio="xMidYMax slice">
      <path d={d} fill="currentColor" />
    </svg>
  );
}
