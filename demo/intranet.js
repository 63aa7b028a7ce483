// Listening to an element's event is plain DOM: no framework needed.
document.addEventListener('cx-change', (event) => {
  document.getElementById('rating-output').textContent = `You rated this report ${event.detail.value} out of 5.`;
});
