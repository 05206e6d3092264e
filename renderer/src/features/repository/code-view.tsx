import { useMemo } from 'react';
import classes from './code-view.module.css';
import { highlightLines } from '../../components/highlight.js';

/** Props of {@link CodeView}. */
export interface CodeViewProps {
  text: string;
  /** highlight.js language id, or null for plain text. */
  language: string | null;
}

/**
 * A read-only source listing with line numbers. Lines are highlight.js HTML (escaped text inside
 * `<span class="hljs-…">` only), one fragment per line; line numbers are not selectable.
 */
export function CodeView({ text, language }: CodeViewProps) {
  const lines = useMemo(() => highlightLines(text, language), [text, language]);
  return (
    <div className={classes.frame} data-testid="code-view">
      <table className={classes.table}>
        <tbody>
          {lines.map((html, index) => (
            <tr
              key={index}
              className={[
                classes.row,
                index === 0 ? classes.first : '',
                index === lines.length - 1 ? classes.last : '',
              ].join(' ')}
            >
              <td className={classes.lineNumber} data-line-number={index + 1}>
                {index + 1}
              </td>
              {/* highlight.js output: text is escaped, markup is only hljs spans. */}
              <td className={classes.code} dangerouslySetInnerHTML={{ __html: html || ' ' }} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
