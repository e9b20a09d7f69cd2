export default function Page() {
  return <h1>recently-played</h1>;
}
