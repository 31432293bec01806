// Manage Services (/admin/services; admin and super_admin): the catalogue in display order with
// move up/down, inline edit, delete with a confirmation, and Add Service.
import { PATHS } from '@pitstop/shared/web-routes';
import type { Service } from '@pitstop/shared/services/responses';
import { ExternalLink, Plus, Wrench } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { AdminPage } from '../../../components/admin-page.tsx';
import {
  useCreateService,
  useDeleteService,
  useMoveService,
  useServices,
  useUpdateService,
} from '../api.ts';
import {
  rowControlId,
  ServiceAdminList,
  type MoveDirection,
} from '../components/service-admin-list.tsx';
import { ServiceForm } from '../components/service-form.tsx';

const ADD_BUTTON_ID = 'add-service-button';
const ADD_FORM_PREFIX = 'new-service';

export function ManageServicesPage() {
  const services = useServices();
  const createService = useCreateService();
  const updateService = useUpdateService();
  const deleteService = useDeleteService();
  const moveService = useMoveService();

  const [isAdding, setIsAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focus = useFocusAfterRender();

  function openAdd() {
    setIsAdding(true);
    focus.request(`${ADD_FORM_PREFIX}-name`);
  }

  function closeAdd() {
    setIsAdding(false);
    focus.request(ADD_BUTTON_ID);
  }

  function startEdit(service: Service) {
    setEditingId(service.id);
    focus.request(`edit-${service.id}-name`);
  }

  function stopEdit(service: Service) {
    setEditingId(null);
    focus.request(rowControlId(service, 'edit'));
  }

  function move(service: Service, direction: MoveDirection, index: number) {
    const list = services.data ?? [];
    const order = direction === 'up' ? index - 1 : index + 1;
    if (order < 0 || order >= list.length) return;
    // The row moves, and a moved element loses focus: keep it on the same button, or on the other
    // arrow once this one is disabled at the end of the list.
    const atEnd = order === 0 || order === list.length - 1;
    focus.request(rowControlId(service, atEnd ? (direction === 'up' ? 'down' : 'up') : direction));
    setAnnouncement(`${service.name} moved to position ${order + 1} of ${list.length}.`);
    moveService.mutate(
      { id: service.id, order },
      {
        onError: (error) => {
          setAnnouncement('');
          toast.error(`Could not move ${service.name}. ${errorMessage(error)}`);
        },
      },
    );
  }

  function confirmDelete() {
    const service = deleting;
    if (!service) return;
    deleteService.mutate(service.id, {
      onSuccess: () => {
        if (editingId === service.id) setEditingId(null);
        toast.success(`${service.name} was deleted.`);
      },
      onError: (error) => toast.error(`Could not delete ${service.name}. ${errorMessage(error)}`),
    });
  }

  const list = services.data;

  return (
    <AdminPage
      title="Manage Services"
      breadcrumbs={[{ label: 'Admin Dashboard', to: PATHS.adminDashboard }]}
      description="The services customers see and book, in this order. Changes show on the Services page straight away."
      actions={
        <>
          <Button asChild variant="outline" className="flex-1 sm:flex-none">
            <Link to={PATHS.services}>
              <ExternalLink aria-hidden="true" />
              View Services Page
            </Link>
          </Button>
          {!isAdding && (
            <Button id={ADD_BUTTON_ID} onClick={openAdd} className="flex-1 sm:flex-none">
              <Plus aria-hidden="true" />
              Add Service
            </Button>
          )}
        </>
      }
    >
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {isAdding && (
        <section
          aria-labelledby="add-service-title"
          className="mb-6 rounded-card border border-brand-200 bg-card p-4 shadow-sm sm:p-6"
        >
          <ServiceForm
            idPrefix={ADD_FORM_PREFIX}
            submitLabel="Add Service"
            header={
              <div>
                <h2 id="add-service-title" className="text-lg font-semibold">
                  Add Service
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  New services go to the end of the list; move them where you want them.
                </p>
              </div>
            }
            onCancel={closeAdd}
            onSubmit={async (values) => {
              const service = await createService.mutateAsync(values);
              toast.success(`${service.name} was added.`);
              setIsAdding(false);
              focus.request(rowControlId(service, 'edit'));
            }}
          />
        </section>
      )}

      {services.isPending ? (
        <LoadingState label="Loading services…" />
      ) : services.isError && !list ? (
        <ErrorState
          title="Failed to load services"
          message={errorMessage(services.error)}
          onRetry={() => void services.refetch()}
          isRetrying={services.isFetching}
        />
      ) : list && list.length === 0 ? (
        <EmptyState />
      ) : list ? (
        <ServiceAdminList
          services={list}
          editingId={editingId}
          onMove={move}
          onEdit={startEdit}
          onDelete={setDeleting}
          renderEditor={(service) => (
            <ServiceForm
              key={service.id}
              service={service}
              idPrefix={`edit-${service.id}`}
              submitLabel="Save Changes"
              header={<h2 className="text-lg font-semibold">{`Edit ${service.name}`}</h2>}
              onCancel={() => stopEdit(service)}
              onSubmit={async (values) => {
                const saved = await updateService.mutateAsync({ id: service.id, form: values });
                toast.success(`${saved.name} was saved.`);
                stopEdit(saved);
              }}
            />
          )}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting ? asked(deleting.name) : 'service'}?`}
        description="Customers will no longer see or book it. Appointments already booked keep it."
        confirmLabel="Delete Service"
        destructive
        onConfirm={confirmDelete}
      />
    </AdminPage>
  );
}

const FOCUS_REQUEST_TTL_MS = 5_000;

/**
 * Focuses the element with a requested id once it is on screen: at the next render, or a later
 * one when it appears with fresh data (a new service's row). Old requests lapse.
 */
function useFocusAfterRender() {
  const pending = useRef<{ id: string; at: number } | null>(null);
  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    if (Date.now() - target.at > FOCUS_REQUEST_TTL_MS) {
      pending.current = null;
      return;
    }
    const element = document.getElementById(target.id);
    if (element instanceof HTMLElement && !element.matches(':disabled')) {
      element.focus();
      pending.current = null;
    }
  });
  return {
    request: (id: string) => {
      pending.current = { id, at: Date.now() };
    },
  };
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input bg-background px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <Wrench className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">No services yet</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Use Add Service to create the first one. Customers see services on the Services page.
      </p>
    </div>
  );
}

/** A name as the subject of a question: 'Tire Rotation!' asks 'Delete Tire Rotation?', not '!?'. */
function asked(name: string): string {
  return name.replace(/[\s.!?]+$/, '');
}
