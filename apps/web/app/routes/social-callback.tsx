export default function Page() {
  return <h1>social-callback</h1>;
}
