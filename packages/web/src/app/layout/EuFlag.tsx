/** The European flag (12 gold stars on blue), required beside the EU funding notice. */
const STAR_COUNT = 12;
const STAR_POINTS = Array.from({ length: 10 }, (_, i) => {
  const radius = i % 2 === 0 ? 1 : 0.382;
  const angle = (Math.PI / 5) * i - Math.PI / 2;
  return `${(radius * Math.cos(angle)).toFixed(3)},${(radius * Math.sin(angle)).toFixed(3)}`;
}).join(' ');

export function EuFlag({ label, height = 32 }: { label: string; height?: number }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 60 40" height={height} width={(height * 3) / 2}>
      <rect width="60" height="40" fill="#003399" />
      {Array.from({ length: STAR_COUNT }, (_, i) => {
        const angle = (2 * Math.PI * i) / STAR_COUNT;
        const x = 30 + 12 * Math.sin(angle);
        const y = 20 - 12 * Math.cos(angle);
        return <polygon key={i} points={STAR_POINTS} transform={`translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(2.2)`} fill="#ffcc00" />;
      })}
    </svg>
  );
}
