/** The full-page loading screen of the courier screen: the gator courier and a short line. */
export function LoadingMascot() {
  return (
    <div className="nav-loading" role="status" aria-live="polite">
      <svg
        className="nav-mascot"
        viewBox="0 0 160 140"
        width="160"
        height="140"
        aria-hidden="true"
        focusable="false"
      >
        <ellipse cx="80" cy="128" rx="52" ry="7" fill="#000" opacity="0.18" />
        <g className="nav-mascot-body">
          {/* parcel */}
          <rect
            x="98"
            y="70"
            width="44"
            height="38"
            rx="4"
            fill="#c8955a"
            stroke="#1d1a22"
            strokeWidth="3"
          />
          <path d="M98 84h44M120 70v38" stroke="#1d1a22" strokeWidth="3" />
          {/* body and snout */}
          <ellipse
            cx="70"
            cy="92"
            rx="40"
            ry="28"
            fill="#3f9b4a"
            stroke="#1d1a22"
            strokeWidth="3"
          />
          <path
            d="M30 64c0-18 18-28 40-28s46 8 60 20c6 5 2 14-6 14H52c-12 0-22-2-22-6z"
            fill="#4fb35a"
            stroke="#1d1a22"
            strokeWidth="3"
          />
          <path d="M58 70l6 6 6-6 6 6 6-6 6 6 6-6 6 6" fill="none" stroke="#fff" strokeWidth="3" />
          <circle cx="120" cy="58" r="2.5" fill="#1d1a22" />
          {/* eyes */}
          <circle cx="52" cy="38" r="11" fill="#fff" stroke="#1d1a22" strokeWidth="3" />
          <circle cx="74" cy="34" r="11" fill="#fff" stroke="#1d1a22" strokeWidth="3" />
          <circle cx="55" cy="39" r="4.5" fill="#1d1a22" />
          <circle cx="77" cy="35" r="4.5" fill="#1d1a22" />
          {/* courier cap */}
          <path d="M38 28c4-16 40-22 50-6z" fill="#ffc72c" stroke="#1d1a22" strokeWidth="3" />
          <path d="M84 22l18 2" stroke="#1d1a22" strokeWidth="4" strokeLinecap="round" />
          {/* arm holding the parcel */}
          <path
            d="M92 94c6 2 8 2 12 0"
            fill="none"
            stroke="#1d1a22"
            strokeWidth="4"
            strokeLinecap="round"
          />
        </g>
      </svg>
      <p>Loading your delivery...</p>
    </div>
  );
}
