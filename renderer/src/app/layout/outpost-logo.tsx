/** The Outpost mark (same drawing as the favicon), in the theme's primary color. */
export function OutpostLogo({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path d="M16 6 26 24H6Z" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      <circle cx="16" cy="18" r="2.5" fill="#fff" />
    </svg>
  );
}
