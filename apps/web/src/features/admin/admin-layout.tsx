import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useId } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { ThemeToggle } from '../../components/theme-toggle';
import { useWiderThan } from '../../components/use-wider-than';
import { VersionTag } from '../../components/version-tag';
import { SignOutButton, useAuth } from '../identity';
import { CreateOrganizationPrompt, OrganizationSwitcher, TermsPrompt, useOrganizationRecord } from '../organization';
import { adminNavigation, isWithin, type AdminNavigationGroup } from './admin-navigation';

/** One group of the navigation: its name, then its screens, each with its icon. */
function NavigationGroup({ group, pathname, onPick }: { group: AdminNavigationGroup; pathname: string; onPick: () => void }) {
  const labelId = useId();
  return (
    <Stack gap={0} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="xs" fw={700} tt="uppercase" px="sm" pt={6} pb={2}>
        {group.label}
      </Text>
      {group.items.map((item) => {
        const here = isWithin(item, pathname);
        return (
          <NavLink
            key={item.path}
            component={Link}
            to={`/admin/${item.path}`}
            label={item.label}
            leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
            active={here}
            aria-current={here ? 'page' : undefined}
            onClick={onPick}
          />
        );
      })}
    </Stack>
  );
}

export default function AdminLayout() {
  const [navOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { user } = useAuth();
  // Below the navbar's breakpoint the header has room for the menu button and sign-out only, so the
  // organization switcher moves into the menu.
  const wide = useWiderThan('sm');
  const { record } = useOrganizationRecord();

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpen } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={navOpen}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label="Navigation menu"
              aria-expanded={navOpen}
              aria-controls="admin-navigation"
            />
            <Text fw={700}>QR Platform</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {wide && <OrganizationSwitcher />}
            {user && (
              <Text size="sm" c="dimmed" visibleFrom="md" data-testid="signed-in-user" title={user.name}>
                {user.email}
              </Text>
            )}
            <ThemeToggle />
            <SignOutButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar component="nav" id="admin-navigation" aria-label="Admin sections">
        {!wide && (
          <AppShell.Section p="xs">
            <OrganizationSwitcher fullWidth />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea} type="auto" p="xs">
          <Stack gap={4}>
            {adminNavigation.map((group) => (
              <NavigationGroup key={group.label} group={group} pathname={pathname} onPick={closeNav} />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section p="md">
          <VersionTag />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <CreateOrganizationPrompt />
        <TermsPrompt />
        <Suspense fallback={<PageLoader />}>
          {/* A screen starts afresh for another organization: filters, pages and open dialogs belong to the one before. */}
          <Outlet key={record.org_id} />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
