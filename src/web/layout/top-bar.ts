import { useEffect, type RefObject } from 'react';
import { createStore, useStore } from '../providers/store';

/**
 * How far down the page content stays covered: the height of the header and tabs while they are
 * fixed (layout settings), else 0. A list's sticky header row sits just below it.
 */
const coveredStore = createStore(0);

/** The frame measures its top bar while it is fixed; its height follows the size and the tabs. */
export const useMeasureTopBar = (bar: RefObject<HTMLElement | null>, fixed: boolean) =>
  useEffect(() => {
    const element = bar.current;
    if (!fixed || !element) {
      coveredStore.set(0);
      return;
    }
    const observer = new ResizeObserver(() => coveredStore.set(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => observer.disconnect();
  }, [bar, fixed]);

export const useCoveredTop = () => useStore(coveredStore);
