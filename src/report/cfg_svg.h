#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace panta::report {

/// Text for HTML and SVG: & < > " ' as entities.
std::string escape_html(std::string_view text);

/// The stroke colour of an edge with this status (class_detail's kEdgeStatuses); grey for an
/// unknown name.
std::string edge_colour(std::string_view status);

/// A method of class_detail's "methods" as an inline SVG: nodes in layers from ENTRY down to
/// EXIT (longest path over the edges that are not loop back edges, each layer ordered by its
/// predecessors' mean position), each edge an <path class="edge"> with data-edge (its id),
/// data-status and the stroke edge_colour gives, loop back edges bowed out to the right.
/// `id` makes the SVG's marker ids unique in the page. Costs O(N + E) plus two ordering sweeps.
std::string cfg_svg(const nlohmann::json& method, const std::string& id);

}  // namespace panta::report
