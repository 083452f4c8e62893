/** The Clearroom mark (same drawing as the favicon). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="#0f2a4a" />
      <path
        d="M9 8h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z"
        fill="none"
        stroke="#7cc4ff"
        strokeWidth="2"
      />
      <path d="M12 13h8M12 17h8M12 21h5" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
