import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { tellShownPage } from './live-provider';

/** On every move to another page (a tab brought to the front), that page hears what it missed. */
export const TellShownPage = () => {
  const { pathname } = useLocation();
  // After the commit: the page's frame is shown by then.
  useEffect(() => tellShownPage(), [pathname]);
  return null;
};
