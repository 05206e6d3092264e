import { Tooltip } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatRelativeTime } from '../../lib/format-relative-time.js';
import { commitTitle, shortSha, type BlameBlock } from './blame-rows.js';
import blameClasses from './blame-view.module.css';
import codeClasses from './code-view.module.css';
import { commitRoute } from './repository-paths.js';
import { highlightLines } from '../../components/highlight.js';

/**
 * The blame listing: per block the commit (short SHA, author, age, title) beside its lines, with
 * line numbers and highlighting; blocks alternate their shading.
 */
export function BlameTable({
  blocks,
  language,
  projectId,
}: {
  blocks: BlameBlock[];
  language: string | null;
  /** Links each block's title to its commit page. */
  projectId: number;
}) {
  const html = useMemo(() => {
    const text = blocks.flatMap((block) => block.lines).join('\n');
    return highlightLines(`${text}\n`, language);
  }, [blocks, language]);
  return (
    <div className={codeClasses.frame}>
      <table className={blameClasses.table} data-testid="blame-table">
        <tbody>
          {blocks.map((block, blockIndex) => (
            <Fragment key={`${block.commit.id}-${block.startLine}`}>
              {block.lines.map((_, offset) => {
                const lineNumber = block.startLine + offset;
                const rowClass = [
                  block.shade === 1 ? blameClasses.shade1 : '',
                  offset === 0 && blockIndex > 0 ? blameClasses.blockStart : '',
                ].join(' ');
                return (
                  <tr key={lineNumber} className={rowClass}>
                    {offset === 0 ? (
                      <td
                        className={blameClasses.info}
                        rowSpan={block.lines.length}
                        data-testid="blame-range"
                      >
                        <div className={blameClasses.infoLine}>
                          <Tooltip label={block.commit.id}>
                            <span className={blameClasses.sha}>
                              {block.commit.short_id ?? shortSha(block.commit.id)}
                            </span>
                          </Tooltip>
                          <span className={blameClasses.author} title={block.commit.author_email}>
                            {block.commit.author_name}
                          </span>
                          <Link
                            to={commitRoute(projectId, block.commit.id)}
                            className={blameClasses.title}
                            title={block.commit.message}
                            data-testid="commit-title-link"
                          >
                            {commitTitle(block.commit)}
                          </Link>
                          <Tooltip label={formatDateTime(block.commit.authored_date)}>
                            <span className={blameClasses.age}>
                              {formatRelativeTime(block.commit.authored_date)}
                            </span>
                          </Tooltip>
                        </div>
                      </td>
                    ) : null}
                    <td className={blameClasses.lineNumber}>{lineNumber}</td>
                    {/* highlight.js output: text is escaped, markup is only hljs spans. */}
                    <td
                      className={blameClasses.code}
                      dangerouslySetInnerHTML={{ __html: html[lineNumber - 1] || ' ' }}
                    />
                  </tr>
                );
              })}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
