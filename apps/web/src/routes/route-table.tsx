import { CODE_ID_PATTERN } from '@qr/contracts';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useParams, type RouteObject } from 'react-router-dom';
import { NotFoundScreen } from '../components/not-found-screen';
import { PageLoader } from '../components/page-loader';
import { PublicFrame } from '../components/public-frame';
import { upcomingAdminSections, type UpcomingAdminSection } from '../features/admin/admin-sections';
import { HomeScreen } from '../features/home/home-screen';
import { IdentityBoundary } from '../features/identity/identity-boundary';
import { RequireAuth } from '../features/identity/require-auth';
import { VisitorFrame } from '../features/visitor';

// Lazy so that a visitor's download holds no admin code (DESIGN §7).
const AdminLayout = lazy(() => import('../features/admin/admin-layout'));
const NotAvailableScreen = lazy(() => import('../components/not-available-screen'));
const SignInScreen = lazy(() => import('../features/identity/sign-in-screen'));
const UsersScreen = lazy(() => import('../features/organization/users-screen'));
const DeleteUserDialog = lazy(() => import('../features/organization/delete-user-dialog'));
const OrganizationSettingsScreen = lazy(() => import('../features/organization/organization-settings-screen'));
const ProfileScreen = lazy(() => import('../features/profile/profile-screen'));
const PublicTermsScreen = lazy(() => import('../features/terms/public-terms-screen'));
const ShareScreen = lazy(() => import('../features/visitor/share-screen'));
const MyCodesScreen = lazy(() => import('../features/codes/my-codes-screen'));
const TemplatesScreen = lazy(() => import('../features/templates/templates-screen'));
const LandingPageScreen = lazy(() => import('../features/pages/landing-page-screen').then((module) => ({ default: module.LandingPageScreen })));
// Named exports of one chunk each: the visitor pages, the admin code screens and the admin page screens.
const visitorScreen = (name: 'CardScreen' | 'NoteScreen' | 'CodePublicScreen' | 'UnknownCodeScreen') =>
  lazy(() => import('../features/visitor/public-code-screens').then((module) => ({ default: module[name] })));
const codeScreen = (name: 'CreateCodeScreen' | 'EditCodeScreen' | 'CodeSavedScreen' | 'ShowCodeScreen') =>
  lazy(() => import('../features/codes/code-screens').then((module) => ({ default: module[name] })));
const PromoCampaignsScreen = lazy(() => import('../features/promos/promo-campaigns-screen').then((module) => ({ default: module.PromoCampaignsScreen })));
const PromoMasterKeysScreen = lazy(() => import('../features/promos/promo-master-keys-screen').then((module) => ({ default: module.PromoMasterKeysScreen })));
const UnsubscribeScreen = lazy(() => import('../features/messaging/visitor/unsubscribe-screen').then((module) => ({ default: module.UnsubscribeScreen })));
const LoyaltyCardScreen = lazy(() => import('../features/loyalty/visitor/loyalty-card-screen').then((module) => ({ default: module.LoyaltyCardScreen })));
const wallScreen = (name: 'WallScreen' | 'WallEmbedScreen') =>
  lazy(() => import('../features/walls/visitor/wall-screen').then((module) => ({ default: module[name] })));
const WallScreen = wallScreen('WallScreen');
const WallEmbedScreen = wallScreen('WallEmbedScreen');
const wallAdminScreen = (name: 'SelfieWallsScreen' | 'SelfieWallScreen') =>
  lazy(() => import('../features/walls/selfie-walls-screen').then((module) => ({ default: module[name] })));
const SelfieWallsScreen = wallAdminScreen('SelfieWallsScreen');
const SelfieWallScreen = wallAdminScreen('SelfieWallScreen');
const gameAdminScreen = (name: 'GamesScreen' | 'GameDetailScreen' | 'VoucherRedeemScreen') =>
  lazy(() => import('../features/games/game-admin-screens').then((module) => ({ default: module[name] })));
const GamesScreen = gameAdminScreen('GamesScreen');
const GameDetailScreen = gameAdminScreen('GameDetailScreen');
const VoucherRedeemScreen = gameAdminScreen('VoucherRedeemScreen');
const LoyaltyProgrammesScreen = lazy(() =>
  import('../features/loyalty/loyalty-programmes-screen').then((module) => ({ default: module.LoyaltyProgrammesScreen })),
);
const LoyaltyMemberScreen = lazy(() => import('../features/loyalty/loyalty-member-screen').then((module) => ({ default: module.LoyaltyMemberScreen })));
const messagingScreen = (name: 'CampaignsScreen' | 'NewCampaignScreen' | 'CodeCampaignsScreen') =>
  lazy(() => import('../features/messaging/campaigns-screen').then((module) => ({ default: module[name] })));
const CampaignsScreen = messagingScreen('CampaignsScreen');
const NewCampaignScreen = messagingScreen('NewCampaignScreen');
const CodeCampaignsScreen = messagingScreen('CodeCampaignsScreen');
const SmsCampaignsScreen = lazy(() => import('../features/messaging/sms-campaigns-screen').then((module) => ({ default: module.SmsCampaignsScreen })));
const MessagingSettingsScreen = lazy(() =>
  import('../features/messaging/messaging-settings-screen').then((module) => ({ default: module.MessagingSettingsScreen })),
);
const PassDesignsScreen = lazy(() => import('../features/passes/pass-designs-screen').then((module) => ({ default: module.PassDesignsScreen })));
const PassDesignerScreen = lazy(() => import('../features/passes/pass-designer-screen').then((module) => ({ default: module.PassDesignerScreen })));
const WalletIssuersScreen = lazy(() => import('../features/passes/wallet-issuers-screen').then((module) => ({ default: module.WalletIssuersScreen })));
const LiveVotingScreen = lazy(() => import('../features/polls/live-voting-screen').then((module) => ({ default: module.LiveVotingScreen })));
const PollDetailScreen = lazy(() => import('../features/polls/poll-detail-screen').then((module) => ({ default: module.PollDetailScreen })));
const PollPresentScreen = lazy(() => import('../features/polls/poll-present-screen').then((module) => ({ default: module.PollPresentScreen })));
const PollVoterScreen = lazy(() => import('../features/polls/poll-voter-screen').then((module) => ({ default: module.PollVoterScreen })));
const GameScreen = lazy(() => import('../features/games/visitor/game-screen').then((module) => ({ default: module.GameScreen })));
const PromoPageScreen = lazy(() => import('../features/promos/promo-page-screen').then((module) => ({ default: module.PromoPageScreen })));
const CardScreen = visitorScreen('CardScreen');
const NoteScreen = visitorScreen('NoteScreen');
const CodePublicScreen = visitorScreen('CodePublicScreen');
const UnknownCodeScreen = visitorScreen('UnknownCodeScreen');
const CreateCodeScreen = codeScreen('CreateCodeScreen');
const EditCodeScreen = codeScreen('EditCodeScreen');
const CodeSavedScreen = codeScreen('CodeSavedScreen');
const pageAdminScreen = (name: 'CodePagesScreen' | 'UpdatePageScreen' | 'AddNewPageScreen') =>
  lazy(() => import('../features/pages/page-admin-screens').then((module) => ({ default: module[name] })));
const CodePagesScreen = pageAdminScreen('CodePagesScreen');
const UpdatePageScreen = pageAdminScreen('UpdatePageScreen');
const AddNewPageScreen = pageAdminScreen('AddNewPageScreen');
const ShowCodeScreen = codeScreen('ShowCodeScreen');
const CustomersScreen = lazy(() => import('../features/customers/customers-screen').then((module) => ({ default: module.CustomersScreen })));
const CustomerActivityScreen = lazy(() =>
  import('../features/customers/customer-activity-screen').then((module) => ({ default: module.CustomerActivityScreen })),
);
const folderScreen = (name: 'FoldersScreen' | 'FolderScreen' | 'FolderQrScreen') =>
  lazy(() => import('../features/folders/folder-screens').then((module) => ({ default: module[name] })));
const FoldersScreen = folderScreen('FoldersScreen');
const FolderScreen = folderScreen('FolderScreen');
const FolderQrScreen = folderScreen('FolderQrScreen');
const NotesScreen = lazy(() => import('../features/notes/notes-screen').then((module) => ({ default: module.NotesScreen })));
const analyticsScreen = (name: 'OrganizationAnalyticsScreen' | 'CodeAnalyticsScreen') =>
  lazy(() => import('../features/analytics/analytics-screens').then((module) => ({ default: module[name] })));
const ExperiencesScreen = lazy(() => import('../features/experiences/experiences-screen').then((module) => ({ default: module.ExperiencesScreen })));
const OrganizationAnalyticsScreen = analyticsScreen('OrganizationAnalyticsScreen');
const CodeAnalyticsScreen = analyticsScreen('CodeAnalyticsScreen');

/** A landing page reached inside the app; the server sends landing-page.html for a visitor's first request. */
function LandingPageRoute({ by }: { by: 'id' | 'name' }) {
  const { key = '' } = useParams();
  return <LandingPageScreen lookup={by === 'id' ? { id: key } : { name: key }} />;
}

/**
 * `/card/{id}` is a business card's page for a code id (10 letters and digits, the scan's own
 * redirect) and a loyalty programme's card page for a programme id (a UUID): the two never overlap.
 */
function CardRoute() {
  const { id = '' } = useParams();
  return CODE_ID_PATTERN.test(id) ? <CardScreen /> : <LoyaltyCardScreen />;
}

/** A route whose feature has not shipped yet: it says so rather than show made-up content. */
function upcoming(path: string, screen: string): RouteObject {
  return { path, element: <NotAvailableScreen screen={screen} /> };
}

/** An admin section still to come (not in the navigation). */
function section(path: UpcomingAdminSection): RouteObject {
  return { path, element: <NotAvailableScreen screen={upcomingAdminSections[path]} /> };
}

/**
 * Every route of spec §2. The spec leaves four names unsaid; ours are the named-page prefix
 * `/p/{name}`, `shop-discounts`, `shop-integration` and `email-marketing-integration`; `users` (the organization's
 * users, whose delete action opens `/deleteAlert/{email}`), `organization` (its details, API keys
 * and terms) and `experiences` (spec §7 "Events and experiences": the organization's events, which
 * pages join through their event data) are ours too, and so are `/promo/{id}` (a code's promo codes, issue 53), `/card/{id}` of a loyalty programme (issue 54), a code's promos
 * under my-codes and `promo-keys` (the organisation's master promo keys).
 * pages join through their event data) are ours too, and so are `/promo/{id}` (a code's promo codes, issue 53), a code's promos
 * under my-codes and `promo-keys` (the organisation's master promo keys), and a code's loyalty programmes under my-codes with
 * `loyalty/{programmeId}/members/{cardId}`, where a member card's QR code leads staff (issue 54), and `messaging`
 * (the email and SMS providers' connections and the outbox, issue 55), `passes` (wallet pass designs and their passes) and
 * `wallet` (the Apple and Google issuers that sign them, issue 56), `live-voting` (the organisation's polls, one poll's
 * controls and its presenter's big screen) and `selfie-walls` (the organisation's selfie walls, each with its review queue
 * and embeds, issue 57), and `games` (the organisation's games, one game's stock, plays and leaderboard, and the counter's
 * page a winner's voucher QR opens, issue 58).
 */
export const routeTable: RouteObject[] = [
  {
    element: (
      <PublicFrame>
        <Outlet />
      </PublicFrame>
    ),
    children: [{ path: '/', element: <HomeScreen /> }, upcoming('/ai-qr', 'AI QR generation')],
  },
  {
    // Visitor pages carry only the organisation: each screen draws its own frame once it knows whose it is.
    element: (
      <Suspense
        fallback={
          <VisitorFrame>
            <PageLoader />
          </VisitorFrame>
        }
      >
        <Outlet />
      </Suspense>
    ),
    children: [
      { path: '/card/:id', element: <CardRoute /> },
      { path: '/p/:key', element: <LandingPageRoute by="name" /> },
      { path: '/:id', element: <UnknownCodeScreen /> },
      { path: '/page/:key', element: <LandingPageRoute by="id" /> },
      { path: '/code/note/:id', element: <NoteScreen /> },
      { path: '/code/:id', element: <CodePublicScreen /> },
      { path: '/promo/:id', element: <PromoPageScreen /> },
      { path: '/live-voting/:id', element: <PollVoterScreen /> },
      { path: '/game/:id', element: <GameScreen /> },
      { path: '/share', element: <ShareScreen /> },
      { path: '/unsubscribe', element: <UnsubscribeScreen /> },
      { path: '/wall/:id', element: <WallScreen /> },
      { path: '/wall-embed/:id', element: <WallEmbedScreen /> },
      {
        path: '/:id/terms',
        element: (
          <VisitorFrame>
            <PublicTermsScreen />
          </VisitorFrame>
        ),
      },
    ],
  },
  { path: '/dummy', element: <></> },
  {
    // The routes that need the sign-in state share one identity provider (and keycloak-js).
    element: <IdentityBoundary />,
    children: [
      {
        element: (
          <PublicFrame>
            <Outlet />
          </PublicFrame>
        ),
        children: [{ path: '/auth/login', element: <SignInScreen /> }],
      },
      {
        // Deleting a user calls the API, so the dialog needs the signed-in user's token.
        path: '/deleteAlert/:id',
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoader />}>
              <DeleteUserDialog />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        // The presenter's big screen: signed in, but none of the admin layout's chrome around it.
        path: '/admin/live-voting/:pollId/present',
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoader />}>
              <PollPresentScreen />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoader />}>
              <AdminLayout />
            </Suspense>
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="my-codes" replace /> },
          section('ai-qr'),
          { path: 'profile', element: <ProfileScreen /> },
          {
            path: 'my-codes',
            children: [
              { index: true, element: <MyCodesScreen /> },
              { path: 'edit/:codeId', element: <EditCodeScreen /> },
              { path: 'edit/:codeId/success', element: <CodeSavedScreen /> },
              { path: 'show/:codeId', element: <ShowCodeScreen /> },
              { path: 'analytics/:codeId', element: <CodeAnalyticsScreen /> },
              { path: 'promos/:codeId', element: <PromoCampaignsScreen /> },
              { path: 'loyalty/:codeId', element: <LoyaltyProgrammesScreen /> },
            ],
          },
          { path: 'analytics', element: <OrganizationAnalyticsScreen /> },
          { path: 'folder-qr/:folderId', element: <FolderQrScreen /> },
          { path: 'folder/:folderId', element: <FolderScreen /> },
          { path: 'folders', element: <FoldersScreen /> },
          section('shop-discounts'),
          { path: 'sms-campaigns', element: <SmsCampaignsScreen /> },
          {
            path: 'campaigns',
            children: [
              { index: true, element: <CampaignsScreen /> },
              { path: 'new', element: <NewCampaignScreen /> },
              { path: 'update/:codeId', element: <CodeCampaignsScreen /> },
            ],
          },
          { path: 'templates', element: <TemplatesScreen /> },
          { path: 'create-qr-code', element: <CreateCodeScreen /> },
          { path: 'create-qr-success', element: <CodeSavedScreen /> },
          { path: 'pages/:codeId', element: <CodePagesScreen /> },
          {
            path: 'customers',
            children: [
              { index: true, element: <CustomersScreen /> },
              { path: ':customerId', element: <CustomerActivityScreen /> },
            ],
          },
          { path: 'notes', element: <NotesScreen /> },
          { path: 'update-page/:pageId', element: <UpdatePageScreen /> },
          { path: 'add-new-page', element: <AddNewPageScreen /> },
          section('integrations'),
          upcoming('shop-integration', 'The shop platform integration'),
          upcoming('email-marketing-integration', 'The email marketing integration'),
          section('payment'),
          { path: 'users', element: <UsersScreen /> },
          { path: 'organization', element: <OrganizationSettingsScreen /> },
          { path: 'experiences', element: <ExperiencesScreen /> },
          { path: 'promo-keys', element: <PromoMasterKeysScreen /> },
          { path: 'loyalty/:programmeId/members/:cardId', element: <LoyaltyMemberScreen /> },
          { path: 'messaging', element: <MessagingSettingsScreen /> },
          {
            path: 'passes',
            children: [
              { index: true, element: <PassDesignsScreen /> },
              { path: 'new', element: <PassDesignerScreen /> },
              { path: ':designId', element: <PassDesignerScreen /> },
            ],
          },
          { path: 'wallet', element: <WalletIssuersScreen /> },
          {
            path: 'live-voting',
            children: [
              { index: true, element: <LiveVotingScreen /> },
              { path: ':pollId', element: <PollDetailScreen /> },
            ],
          },
          { path: 'selfie-walls', element: <SelfieWallsScreen /> },
          { path: 'selfie-walls/:wallId', element: <SelfieWallScreen /> },
          {
            path: 'games',
            children: [
              { index: true, element: <GamesScreen /> },
              { path: ':gameId', element: <GameDetailScreen /> },
              { path: ':gameId/vouchers/:voucherCode', element: <VoucherRedeemScreen /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundScreen /> },
];
