import { useCallback, useState } from 'react';

const KEY = 'platform.dataView.sidebarCollapsed';

/** Storage can be refused (private windows, a blocked origin): the sidebar then opens every time. */
function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function write(collapsed: boolean) {
  try {
    globalThis.localStorage?.setItem(KEY, collapsed ? '1' : '0');
  } catch {
    // Kept for this page only.
  }
}

/** The data view's filter sidebar, collapsed or not, remembered in this browser. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(read);
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      write(!was);
      return !was;
    });
  }, []);
  return [collapsed, toggle];
}
