import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type {} from '@cx-portal/elements/react';
import { elements } from '../elements';

/** React 19 sets properties on custom elements and binds `oncx-change` to the element's own event. */
function App() {
  const [value, setValue] = useState(2);
  const [readonly, setReadonly] = useState(false);
  const [shown, setShown] = useState(true);
  const [locale, setLocale] = useState('en');
  const switchLocale = async () => {
    const next = locale === 'en' ? 'de' : 'en';
    (await elements).configure({ locale: next });
    setLocale(next);
  };
  return (
    <>
      <h1>React 19</h1>
      {shown && <cx-star-rating value={value} readonly={readonly} label="Your visit" oncx-change={(e) => setValue(e.detail.value)}></cx-star-rating>}
      <cx-nps-gauge value={value / 5 - 0.5} responses={120}></cx-nps-gauge>
      <p role="status">Chosen: {value}</p>
      <button type="button" onClick={() => setReadonly(!readonly)}>{readonly ? 'Editable' : 'Read only'}</button>
      <button type="button" onClick={() => void switchLocale()}>{locale === 'en' ? 'Deutsch' : 'English'}</button>
      <button type="button" onClick={() => setShown(!shown)}>{shown ? 'Remove rating' : 'Add rating'}</button>
    </>
  );
}

createRoot(document.getElementById('app')!).render(<StrictMode><App /></StrictMode>);
