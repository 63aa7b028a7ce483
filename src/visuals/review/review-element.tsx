import { defineElement } from '../../elements/define';
import { VisualElement, type VisualElementProps } from '../visual/visual-element';
import styles from '../tile/tile.css?inline';

/**
 * A review tile as an element of its own (a partner page, the mobile assistant): the reviews
 * module's visual of that kind, for the filters of its `filter-scope`.
 */
export function defineReviewTile(tag: `cx-${string}`, visual: string) {
  function ReviewTile({ moduleId, visual: named, filterScope }: VisualElementProps) {
    return <VisualElement moduleId={moduleId || 'reviews'} visual={named || visual} filterScope={filterScope} />;
  }
  return defineElement({
    tag,
    component: ReviewTile,
    styles: `:host{display:block;min-height:240px}.standalone{height:100%;min-height:inherit}` + styles,
    attributes: [
      { prop: 'moduleId', type: 'string' },
      { prop: 'visual', type: 'string' },
      { prop: 'filterScope', type: 'string' },
    ],
  });
}
