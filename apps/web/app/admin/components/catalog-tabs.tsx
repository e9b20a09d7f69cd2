import { NavLink } from 'react-router';

const TABS = [
  { to: '/admin/catalog', label: 'Games' },
  { to: '/admin/catalog/collections', label: 'Collections' },
  { to: '/admin/catalog/bundles', label: 'Coin bundles' },
] as const;

/** The catalog section's three screens; the player site shows each change at its next request. */
export function CatalogTabs() {
  return (
    <nav aria-label="Catalog and shop" className="mb-6 flex gap-2 border-b border-border">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-text-muted hover:text-text aria-[current=page]:border-accent aria-[current=page]:font-semibold aria-[current=page]:text-text"
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
