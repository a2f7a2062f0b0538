// What other parts of the API use of experiences: the event-access guard's first question, which the
// server asks itself before it renders a landing page.
export { CheckEventLocation, EventDataReads } from './experiences.queries';
