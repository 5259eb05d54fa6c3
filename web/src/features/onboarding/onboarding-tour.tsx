import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { useCurrentUser } from '../../lib/session';
import { isFirstStep, nextLabel } from './tour-rules';
import { TOUR_STEPS } from './tour-steps';
import { useOnboardingTour } from './use-onboarding-tour';

/**
 * §2/§4 onboarding tour: four steps with Previous (disabled on the first), Next ('Finish' on
 * the last, which dismisses) and Dismiss. It sits in the page's flow on the dashboard, so it
 * never covers what it explains; members of the same project move through it together.
 */
export function OnboardingTour() {
  const user = useCurrentUser();
  const tour = useOnboardingTour(user.id);
  if (!tour.isVisible) return null;
  const step = TOUR_STEPS[tour.state.step] ?? TOUR_STEPS[0];
  const position = `Step ${tour.state.step + 1} of ${TOUR_STEPS.length}`;
  return (
    <section
      aria-labelledby="onboarding-tour-title"
      aria-roledescription="Onboarding tour"
      className="mb-6 rounded-lg border border-brand-100 bg-white p-4 shadow-xs sm:p-5"
    >
      <div className="flex items-start gap-3">
        <Compass className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p
            className="text-xs font-medium tracking-wide text-brand-700 uppercase"
            aria-live="polite"
          >
            Welcome tour · {position}
          </p>
          <h2 id="onboarding-tour-title" className="mt-1 text-base font-semibold text-slate-900">
            {step.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{step.description}</p>
          {step.page && step.action && (
            <Link
              to={`/${step.page}`}
              className="mt-2 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {step.action}
            </Link>
          )}
        </div>
      </div>
      <ol className="mt-4 flex gap-1.5" aria-label="Tour progress">
        {TOUR_STEPS.map((item, index) => (
          <li
            key={item.title}
            aria-label={`${item.title}${index === tour.state.step ? ' (current)' : ''}`}
            className={`h-1.5 flex-1 rounded-full ${index <= tour.state.step ? 'bg-brand-600' : 'bg-slate-200'}`}
          />
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
        {tour.saveError && (
          <p role="alert" className="mr-auto text-sm text-red-700">
            Your progress was not saved: {tour.saveError}
          </p>
        )}
        <Button variant="ghost" size="sm" onClick={tour.dismiss}>
          Dismiss
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={isFirstStep(tour.state)}
          onClick={tour.previous}
        >
          Previous
        </Button>
        <Button size="sm" onClick={tour.next}>
          {nextLabel(tour.state)}
        </Button>
      </div>
    </section>
  );
}
