export default function Home() {
  return <h1>Coinfall</h1>;
}
