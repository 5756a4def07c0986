import { type ComponentType, type ReactNode, useId } from "react";

/**
 * The four built-in avatars (spec §3 Avatars: ids 1 to 4). Drawn as inline SVG so they stay crisp
 * from 24 px to 96 px and cost no extra request. Shapes are bold and few on purpose: fine detail
 * disappears at 24 px.
 */
export interface BuiltInAvatarProps {
  className?: string;
}

interface ArtProps extends BuiltInAvatarProps {
  from: string;
  to: string;
  children: ReactNode;
}

/** Shared frame: a gradient-filled circle; the gradient id is unique per instance. */
function AvatarArt({ from, to, className, children }: ArtProps) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${gradientId})`} />
      {children}
    </svg>
  );
}

/** Avatar 1 — a sunny round face with happy closed eyes, on rose. */
export function AvatarSunny({ className }: BuiltInAvatarProps) {
  return (
    <AvatarArt from="#fb7185" to="#db2777" className={className}>
      <circle cx="32" cy="34" r="19" fill="#fff1f2" />
      <path
        d="M22 31q3-4 6 0M36 31q3-4 6 0"
        stroke="#881337"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M24 39q8 8 16 0" stroke="#881337" strokeWidth="3" strokeLinecap="round" fill="none" />
      <circle cx="21" cy="38" r="3" fill="#fda4af" />
      <circle cx="43" cy="38" r="3" fill="#fda4af" />
    </AvatarArt>
  );
}

/** Avatar 2 — a cheerful blob with a leaf sprout, on sky blue. */
export function AvatarSprout({ className }: BuiltInAvatarProps) {
  return (
    <AvatarArt from="#38bdf8" to="#4f46e5" className={className}>
      <path d="M32 16q6-8 12-6q-2 8-12 6z" fill="#4ade80" />
      <path d="M32 18v6" stroke="#4ade80" strokeWidth="3" strokeLinecap="round" />
      <path d="M13 44q0-20 19-20t19 20q0 8-19 8t-19-8z" fill="#e0f2fe" />
      <circle cx="25" cy="38" r="3.5" fill="#1e1b4b" />
      <circle cx="39" cy="38" r="3.5" fill="#1e1b4b" />
      <path d="M28 45q4 3 8 0" stroke="#1e1b4b" strokeWidth="2.5" strokeLinecap="round" fill="none" />
    </AvatarArt>
  );
}

/** Avatar 3 — a friendly robot with a glowing antenna, on amber. */
export function AvatarRobot({ className }: BuiltInAvatarProps) {
  return (
    <AvatarArt from="#fbbf24" to="#ea580c" className={className}>
      <path d="M32 20v-6" stroke="#fff7ed" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="12" r="3.5" fill="#fef08a" />
      <rect x="15" y="20" width="34" height="28" rx="9" fill="#fff7ed" />
      <rect x="21" y="28" width="8" height="8" rx="2.5" fill="#7c2d12" />
      <rect x="35" y="28" width="8" height="8" rx="2.5" fill="#7c2d12" />
      <path d="M25 42h14" stroke="#7c2d12" strokeWidth="3" strokeLinecap="round" />
    </AvatarArt>
  );
}

/** Avatar 4 — a winking cat, on emerald. */
export function AvatarCat({ className }: BuiltInAvatarProps) {
  return (
    <AvatarArt from="#34d399" to="#0d9488" className={className}>
      <path d="M14 30l2-16l12 9zM50 30l-2-16l-12 9z" fill="#ecfdf5" />
      <ellipse cx="32" cy="37" rx="19" ry="16" fill="#ecfdf5" />
      <circle cx="25" cy="35" r="3.5" fill="#064e3b" />
      <path d="M36 35q3-3 6 0" stroke="#064e3b" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path d="M30 41l2 2l2-2z" fill="#f472b6" stroke="#f472b6" strokeLinejoin="round" />
      <path
        d="M27 45q2.5 2 5 0q2.5 2 5 0"
        stroke="#064e3b"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </AvatarArt>
  );
}

/** Built-in avatar id (`avatar-1`…`avatar-4`) → its art. */
export const BUILT_IN_AVATARS: Record<string, ComponentType<BuiltInAvatarProps>> = {
  "avatar-1": AvatarSunny,
  "avatar-2": AvatarSprout,
  "avatar-3": AvatarRobot,
  "avatar-4": AvatarCat,
};
