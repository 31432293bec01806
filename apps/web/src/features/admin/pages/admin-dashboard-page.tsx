// The admin dashboard (/admin; manager, admin and super_admin). Under the welcome line its sections
// stack in the spec's order: the metric cards, the 'Admin Services' menu, the All, Active and Past
// appointment tables; then what the team follows up: paid pay-now orders waiting to be scheduled,
// visits with a balance due, low ratings to call back about, vehicles due for a service soon, and
// unpaid holds.
import { AdminPage } from '../../../components/admin-page.tsx';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { useViewer } from '../../../lib/viewer.ts';
import { AdminServicesMenu } from '../components/admin-services-menu.tsx';
import { BalanceDueVisits } from '../components/balance-due-visits.tsx';
import { DashboardAppointments } from '../components/dashboard-appointments.tsx';
import { DueSoonVehicles } from '../components/due-soon-vehicles.tsx';
import { LowRatings } from '../components/low-ratings.tsx';
import { MetricCards } from '../components/metric-cards.tsx';
import { UnpaidHolds } from '../components/unpaid-holds.tsx';
import { UnscheduledOrders } from '../components/unscheduled-orders.tsx';

export function AdminDashboardPage() {
  // The route guard has already checked that a staff member is signed in.
  const { viewer, role } = useViewer();
  const name = viewer?.name.trim() || viewer?.email;

  return (
    <AdminPage
      eyebrow="Staff console"
      title="Admin Dashboard"
      description={
        <div className="flex flex-col gap-1.5">
          <p>
            Welcome back, <span className="font-semibold text-foreground">{name}</span>.
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="break-all">Signed in as {viewer?.email}</span>
            <span className="sr-only">Role:</span>
            <RoleBadge role={role} />
          </p>
        </div>
      }
    >
      <div className="flex flex-col gap-10">
        <MetricCards />
        <AdminServicesMenu role={role} />
        <DashboardAppointments />
        <UnscheduledOrders />
        <BalanceDueVisits />
        <LowRatings />
        <DueSoonVehicles />
        <UnpaidHolds />
      </div>
    </AdminPage>
  );
}
