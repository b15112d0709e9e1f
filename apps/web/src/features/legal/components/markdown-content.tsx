import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { cx } from '@/lib/class-names';
import { slugify, type Block, type Inline } from '../lib/markdown';

/**
 * Renders parsed Markdown as React elements (no innerHTML anywhere): every text is a
 * React text node, so content can never inject markup. Styles give long-form reading
 * comfort: a relaxed line height, muted body text, display-face headings.
 */
export function MarkdownBlocks({
  blocks,
  className,
  variant = 'body',
}: {
  blocks: Block[];
  className?: string;
  /** `lead`: the larger opening paragraph of a page. */
  variant?: 'body' | 'lead';
}) {
  const text = variant === 'lead' ? leadText : proseText;
  return <div className={className}>{blocks.map((block, index) => renderBlock(block, index, text))}</div>;
}

export function MarkdownInline({ nodes }: { nodes: Inline[] }) {
  return <>{nodes.map(renderInline)}</>;
}

const proseText = 'text-base leading-7 text-fg-muted sm:text-lg sm:leading-8';
const leadText = 'text-xl leading-8 text-fg sm:text-2xl sm:leading-10';

function renderBlock(block: Block, index: number, text: string): ReactNode {
  switch (block.type) {
    case 'heading': {
      const children = <MarkdownInline nodes={block.children} />;
      const id = slugify(block.text);
      if (block.level <= 3) {
        return (
          <h3 key={index} id={id} className="mt-10 scroll-mt-32 text-xl font-semibold text-fg first:mt-0 sm:text-2xl">
            {children}
          </h3>
        );
      }
      return (
        <h4 key={index} id={id} className="mt-8 scroll-mt-32 text-base font-semibold text-fg first:mt-0 sm:text-lg">
          {children}
        </h4>
      );
    }
    case 'paragraph':
      return (
        <p key={index} className={cx('mt-5 first:mt-0', text)}>
          <MarkdownInline nodes={block.children} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, itemIndex) => (
        <li key={itemIndex} className="ps-1.5">
          <MarkdownInline nodes={item} />
        </li>
      ));
      return block.ordered ? (
        <ol
          key={index}
          start={block.start === 1 ? undefined : block.start}
          className={cx('mt-5 list-decimal space-y-2.5 ps-6 first:mt-0 marker:text-fg-subtle', text)}
        >
          {items}
        </ol>
      ) : (
        <ul key={index} className={cx('mt-5 list-disc space-y-2.5 ps-6 first:mt-0 marker:text-accent', text)}>
          {items}
        </ul>
      );
    }
    case 'quote':
      return (
        <blockquote
          key={index}
          className="mt-6 rounded-xl border border-s-4 border-line border-s-accent bg-surface px-5 py-4 first:mt-0 sm:px-6"
        >
          {block.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex} className="mt-3 text-base leading-7 text-fg first:mt-0">
              <MarkdownInline nodes={paragraph} />
            </p>
          ))}
        </blockquote>
      );
    case 'rule':
      return <hr key={index} className="my-10 border-line" />;
  }
}

const linkClass =
  'font-medium text-accent underline decoration-accent/50 decoration-1 underline-offset-4 transition-colors hover:text-accent-hover hover:decoration-accent-hover';

function renderInline(node: Inline, index: number): ReactNode {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'strong':
      return (
        <strong key={index} className="font-semibold text-fg">
          <MarkdownInline nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em key={index} className="italic">
          <MarkdownInline nodes={node.children} />
        </em>
      );
    case 'code':
      return (
        <code
          key={index}
          dir="ltr"
          className="rounded-sm bg-white/8 px-1.5 py-0.5 font-mono text-[0.88em] break-words text-saffron-200"
        >
          {node.value}
        </code>
      );
    case 'link': {
      const children = <MarkdownInline nodes={node.children} />;
      if (node.href.startsWith('/')) {
        return (
          <Link key={index} to={node.href} className={linkClass}>
            {children}
          </Link>
        );
      }
      if (/^https?:/i.test(node.href)) {
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {children}
            <span className="sr-only">
              {' '}
              <FormattedMessage id="common.opensInNewTab" defaultMessage="(opens in a new tab)" />
            </span>
          </a>
        );
      }
      return (
        <a key={index} href={node.href} className={cx(linkClass, 'break-words')}>
          {children}
        </a>
      );
    }
  }
}
