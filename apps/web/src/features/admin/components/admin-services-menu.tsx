// The dashboard's 'Admin Services' menu: one card link per screen the viewer's role may manage. A
// manager has none but may still see and invite technicians and run the appointments (their own
// screen, /manager/appointments): said in words.
import { can } from '@pitstop/shared/permissions';
import type { Role } from '@pitstop/shared/roles';
import { PATHS } from '@pitstop/shared/web-routes';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { adminServicesFor } from '../admin-services.ts';

export function AdminServicesMenu({ role }: { role: Role }) {
  const services = adminServicesFor(role);
  return (
    <section aria-labelledby="admin-services-title">
      <h2 id="admin-services-title" className="text-lg font-semibold tracking-tight">
        Admin Services
      </h2>
      {services.length === 0 ? (
        <p className="mt-3 rounded-card border border-dashed border-input bg-background px-5 py-4 text-sm text-muted-foreground">
          Users, services and the business profile are managed by admins. Ask an admin if something
          there needs to change.
          {can(role, 'technician:read') && (
            <>
              {' '}
              You can see the team and invite technicians on the{' '}
              <Link to={PATHS.adminTechnicians} className="font-medium text-primary underline">
                Technicians
              </Link>{' '}
              page.
            </>
          )}
          {can(role, 'appointment:assign') && (
            <>
              {' '}
              Assign technicians and update appointments on{' '}
              <Link to={PATHS.managerAppointments} className="font-medium text-primary underline">
                Manager Appointments
              </Link>
              .
            </>
          )}
        </p>
      ) : (
        <nav aria-labelledby="admin-services-title" className="mt-3">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {services.map(({ title, description, to, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="group flex h-full items-start gap-4 rounded-card border border-border bg-card p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
                >
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-foreground">{title}</span>
                    <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
                  </span>
                  <ChevronRight
                    className="mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
