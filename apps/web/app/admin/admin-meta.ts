/** Every back-office page: its title, and never indexed (it is not linked from the site either). */
export function adminMeta(title: string) {
  return [
    { title: `${title} · Coinfall back office` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}
