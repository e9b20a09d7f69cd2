/** Stroke icons (24px grid) drawn inline so the shell needs no icon font or sprite request. */
const PATHS: Record<string, string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5h4v5',
  games:
    'M6 8h12a3 3 0 0 1 3 3v3.5a2.5 2.5 0 0 1-4.6 1.3L15 14H9l-1.4 1.8A2.5 2.5 0 0 1 3 14.5V11a3 3 0 0 1 3-3Zm2 2.5v3M6.5 12h3M15.5 11.5h.01M17.5 13h.01',
  promotions:
    'M20 12v8H4v-8M2.5 7.5h19V12h-19zM12 7.5V20M12 7.5S10.5 3 8 3.5 6.8 7.5 12 7.5Zm0 0s1.5-4.5 4-4 1.2 4-4 4Z',
  vip: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8Z',
  loyalty: 'M12 3l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.4l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8L12 3Z',
  quests: 'M5 21V4m0 0h11l-2 4 2 4H5',
  favorites:
    'M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10Z',
  recent: 'M12 21a9 9 0 1 0-9-9m0 0 2.5-2.5M3 12l2.5 2.5M12 7v5l3 2',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01',
  contact: 'M4 5h16v11H8l-4 4V5Zm4 5h.01M12 10h.01M16 10h.01',
  wallet: 'M4 7h15a1 1 0 0 1 1 1v11H5a1 1 0 0 1-1-1V7Zm0 0V6a2 2 0 0 1 2-2h10v3m0 7h.01',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4h4',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 9a7 7 0 0 1 14 0',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
  collapse: 'M15 6l-6 6 6 6',
  expand: 'M9 6l6 6-6 6',
  chevron: 'M6 9l6 6 6-6',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v6m0-9h.01',
  shield: 'M12 3 5 6v6c0 4.5 3 7.7 7 9 4-1.3 7-4.5 7-9V6l-7-3Z',
  history: 'M4 6h16M4 12h16M4 18h10',
  limits: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-9 4-4',
  bonuses: 'M20 12v8H4v-8M2.5 7.5h19V12h-19zM12 7.5V20',
  dot: 'M12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  lock: 'M6 11h12v10H6V11Zm2 0V8a4 4 0 1 1 8 0v3',
  empty: 'M4 8l8-4 8 4v8l-8 4-8-4V8Zm0 0 8 4m0 0 8-4m-8 4v8',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0ZM8 6H5a3 3 0 0 0 3 4m8-4h3a3 3 0 0 1-3 4m-4 3v4m-4 3h8',
  plus: 'M12 5v14M5 12h14',
  spin: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4M12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z',
};

/** Icon names used by content (main-layout, alerts), mapped onto the drawings above. */
const ALIASES: Record<string, string> = {
  lobby: 'home',
  gift: 'promotions',
  crown: 'vip',
  star: 'loyalty',
  heart: 'favorites',
  mail: 'contact',
  clock: 'recent',
};

/** The drawing of an icon name (or of its alias); undefined for a name the site cannot draw. */
export function iconDrawing(name: string): string | undefined {
  return PATHS[ALIASES[name] ?? name];
}

/** Every name `iconDrawing` draws (the server's content check holds its own list equal to it). */
export const drawnIconNames = (): string[] => [...Object.keys(PATHS), ...Object.keys(ALIASES)];
