import { Fragment } from 'react';
import { reraLabel } from '../../data/projects';

/**
 * A card's registration line: "RERA No. RC/REP/HARERA/GGM/578/310/2022/53", or "RERA: Coming Soon".
 * Where the card is too narrow for the code, it breaks only after a "/", never inside a part:
 * readers copy it into the regulator's search.
 */
export function ReraLine({ rera }: { rera: string | null }) {
  const parts = reraLabel(rera).split('/');
  return (
    <p className="rera-line">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <>
              /<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </p>
  );
}
