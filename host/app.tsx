/** The host portal shell. Routes, guard and navigation arrive with the host issue; this is the frame. */
export function App() {
  return (
    <div className="shell">
      <header className="top-nav">
        <a className="brand" href="/">
          CX Portal
        </a>
      </header>
      <main className="page" id="main">
        <h1>Customer experience at a glance</h1>
        <section className="cards" aria-label="Highlights">
          <cx-nps-gauge value="0.42" responses="1284"></cx-nps-gauge>
          <div className="card">
            <h2>Average store rating</h2>
            <cx-star-rating value="4.3" readonly show-value banded label="Average store rating"></cx-star-rating>
          </div>
        </section>
      </main>
    </div>
  );
}
