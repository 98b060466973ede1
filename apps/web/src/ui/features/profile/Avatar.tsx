import { useState } from "react";

/** The first letters of the first two words of a name (or the address), for a picture-less avatar. */
function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@.]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? "")
    .join("");
}

/**
 * The person's picture, or their initials when there is none or it does not load (a broken link, or
 * an image host the site's Content-Security-Policy does not allow). Decorative: the name is beside it.
 */
export function Avatar({ image, name }: { image: string | null; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = image && failed !== image;
  return (
    <span className="avatar" aria-hidden="true">
      {showImage ? (
        <img
          src={image}
          alt=""
          width="64"
          height="64"
          referrerPolicy="no-referrer"
          onError={() => setFailed(image)}
        />
      ) : (
        <span className="avatar-initials">{initials(name) || "?"}</span>
      )}
    </span>
  );
}
