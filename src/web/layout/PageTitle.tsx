import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

/** A heading's own margins, font and colour give way to those of wherever it stands. */
export const inheritedLook: CSSProperties = { margin: 0, font: 'inherit', color: 'inherit' };

/**
 * A screen's title as its one h1 (WCAG 1.3.1, 2.4.6: what a screen reader announces and jumps to),
 * in the look of wherever it stands: a page header, a card's head, a result.
 */
export const PageTitle = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <h1 data-testid={testId} style={{ ...inheritedLook, display: 'inline' }}>
    {children}
  </h1>
);

/**
 * A title standing above a page's content rather than in a header or card: the page's h1 in antd's
 * fourth-level heading look (plain, not Typography.Title: its editing and ellipsis code would join
 * the first load of a dashboard for one line, issue 13).
 */
export const PageHeading = ({ children, style }: { children: ReactNode; style?: CSSProperties }) => {
  const { token } = theme.useToken();
  return (
    <h1
      style={{
        margin: '0 0 0.5em',
        fontSize: token.fontSizeHeading4,
        lineHeight: token.lineHeightHeading4,
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
        ...style,
      }}
    >
      {children}
    </h1>
  );
};
