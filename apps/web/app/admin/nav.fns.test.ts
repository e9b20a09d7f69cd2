import { STAFF_ROLES, permissionsOf } from '@coinfall/shared/admin-permissions';
import { ADMIN_SECTIONS, mayOpen, safeNext, sectionsFor, signInPath } from './nav.fns';

describe('sectionsFor', () => {
  it('shows each role only the sections its permissions open', () => {
    expect(sectionsFor(permissionsOf('admin')).map((s) => s.label)).toEqual([
      'Players',
      'Pending adjustments',
      'Redemptions',
      'KYC review',
      'Rounds',
      'Reports',
      'Analytics',
      'Bonuses',
      'Bonus codes',
      'Quests',
      'Loyalty ladder',
      'Segments',
      'Content',
      'Jurisdiction rules',
      'Audit log',
      'Support',
      'Staff accounts',
      'Catalog and shop',
      'Big deposits',
      'My sessions',
    ]);
    expect(sectionsFor(permissionsOf('support')).map((s) => s.label)).toEqual([
      'Players',
      'Rounds',
      'Support',
      'My sessions',
    ]);
    expect(sectionsFor(permissionsOf('finance')).map((s) => s.label)).toEqual([
      'Players',
      'Pending adjustments',
      'Redemptions',
      'Rounds',
      'Reports',
      'Analytics',
      'Audit log',
      'Big deposits',
      'My sessions',
    ]);
    expect(sectionsFor(permissionsOf('compliance')).map((s) => s.label)).toEqual([
      'Players',
      'KYC review',
      'Rounds',
      'Jurisdiction rules',
      'Audit log',
      'My sessions',
    ]);
    expect(sectionsFor(permissionsOf('marketing')).map((s) => s.label)).toEqual([
      'Analytics',
      'Bonuses',
      'Bonus codes',
      'Quests',
      'Loyalty ladder',
      'Segments',
      'Content',
      'Catalog and shop',
      'My sessions',
    ]);
  });

  it('never lists a section a role could not open', () => {
    for (const role of STAFF_ROLES) {
      const permissions = permissionsOf(role);
      for (const section of sectionsFor(permissions))
        expect(mayOpen(section.path, permissions)).toBe(true);
      for (const section of ADMIN_SECTIONS.filter((s) => !permissions.includes(s.permission)))
        expect(mayOpen(section.path, permissions), `${role} ${section.path}`).toBe(false);
    }
  });
});

describe('mayOpen', () => {
  it('guards the pages under a section too, and leaves pages of no section open', () => {
    const support = permissionsOf('support');
    expect(mayOpen('/admin/players/6f1c0a2e-0000-4000-8000-000000000000', support)).toBe(true);
    expect(mayOpen('/admin/redemptions/', support)).toBe(false);
    expect(mayOpen('/admin', permissionsOf('marketing'))).toBe(true);
    // A prefix of a word is not the section.
    expect(mayOpen('/admin/auditors', support)).toBe(true);
  });
});

describe('safeNext and signInPath', () => {
  it('only ever leads back into the back office', () => {
    expect(safeNext('/admin/players?q=a')).toBe('/admin/players?q=a');
    expect(safeNext('//evil.example.com/admin')).toBe('/admin');
    expect(safeNext('https://evil.example.com')).toBe('/admin');
    expect(safeNext('/administrator')).toBe('/admin');
    expect(safeNext('/admin/sign-in?next=/admin')).toBe('/admin');
    expect(safeNext(null)).toBe('/admin');
  });

  it('says why and where to come back to', () => {
    expect(signInPath('idle', '/admin/audit?page=2')).toBe(
      '/admin/sign-in?reason=idle&next=%2Fadmin%2Faudit%3Fpage%3D2',
    );
    expect(signInPath(undefined, '/admin')).toBe('/admin/sign-in');
  });
});
