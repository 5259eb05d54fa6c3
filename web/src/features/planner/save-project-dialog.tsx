import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createProject } from '@stratum/core/contract/planner/create-project';
import { toProjectState } from '@stratum/core/planner/project-state';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { callApi, isApiError } from '../../lib/api-client';
import { PROJECTS_QUERY_KEY, plannerPathFor } from '../../lib/projects-query';
import { SUBSCRIPTION_QUERY_KEY } from '../../lib/api/subscription';
import { plannerStore } from './planner-store';
import { adoptProject } from './project-sync';

export interface SaveProjectDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Why saving is needed now (generation, deployment…). */
  reason?: string;
}

/** Saves the plan in this browser as a project on the server; from then on it autosaves. */
export function SaveProjectDialog({ isOpen, onOpenChange, reason }: SaveProjectDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const archName = plannerStore.getState().plan.architectureConfig.name;
  const [name, setName] = useState(archName === 'my-architecture' ? '' : archName);
  const [error, setError] = useState<{ message: string; isLimit: boolean } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const save = async () => {
    if (name.trim() === '') return setError({ message: 'Enter a project name', isLimit: false });
    setIsSaving(true);
    setError(null);
    try {
      const { plan } = plannerStore.getState();
      const named =
        plan.architectureConfig.name === 'my-architecture'
          ? { ...plan, architectureConfig: { ...plan.architectureConfig, name: name.trim() } }
          : plan;
      if (named !== plan) plannerStore.update(() => named);
      const response = await callApi(createProject, {
        body: { name: name.trim(), state: toProjectState(named) },
      });
      adoptProject(response.data.project);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
      toast.success(`Saved as “${response.data.project.name}”`);
      onOpenChange(false);
      void navigate(plannerPathFor(response.data.project.id), { replace: true });
    } catch (e) {
      setError({
        message: e instanceof Error ? e.message : String(e),
        isLimit: isApiError(e, 'planner/project_limit'),
      });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Save as a project"
      description={
        reason ??
        'Projects live on the server: they autosave, keep version snapshots, and can be generated and deployed.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button isLoading={isSaving} onClick={() => void save()}>
            Save project
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="space-y-3"
      >
        <TextField
          label="Project name"
          value={name}
          maxLength={100}
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
        {error && (
          <FormMessage tone="error">
            {error.message}{' '}
            {error.isLimit && (
              <Link to="/subscription" className="font-medium underline">
                See plans
              </Link>
            )}
          </FormMessage>
        )}
      </form>
    </Dialog>
  );
}
