import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { ThemeToggle } from '../../components/theme-toggle';
import { useWiderThan } from '../../components/use-wider-than';
import { VersionTag } from '../../components/version-tag';
import { SignOutButton, useAuth } from '../identity';
import { CreateOrganizationPrompt, OrganizationSwitcher, TermsPrompt, useOrganizationRecord } from '../organization';
import { adminSectionLabels } from './admin-sections';

const sections = Object.entries(adminSectionLabels);

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
            <Burger opened={navOpen} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
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
      <AppShell.Navbar component="nav" aria-label="Admin sections">
        {!wide && (
          <AppShell.Section p="xs">
            <OrganizationSwitcher fullWidth />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea} type="auto" p="xs">
          {sections.map(([path, label]) => {
            const to = `/admin/${path}`;
            return <NavLink key={path} component={Link} to={to} label={label} active={pathname === to || pathname.startsWith(`${to}/`)} onClick={closeNav} />;
          })}
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
